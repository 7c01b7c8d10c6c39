import { X } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Extractor } from '../../../../shared/extractors';
import { MAX_INBOX_SENDERS } from '../../../../shared/inbox-senders';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { ApiError } from '../../../lib/api-client';
import { useFocusIfLost } from '../../../lib/use-focus-if-lost';
import { useSetAutomation } from '../api/extractor-automation';

/** The server's words for a refused list: the field's own message, else the error's. */
function messageOf(error: Error): string {
  if (error instanceof ApiError) return error.fieldErrors().inbox_senders ?? error.message;
  return error.message;
}

/**
 * Who may mail the inbox besides the owner: addresses and domains the server checks and keeps
 * in lower case, or anyone (then nobody gets a reply: a sender's address can be forged).
 */
export function InboxSendersSettings({ extractor }: { extractor: Extractor }) {
  const id = useId();
  const [entry, setEntry] = useState('');
  const save = useSetAutomation();
  const fieldRef = useRef<HTMLInputElement>(null);
  const focusIfLost = useFocusIfLost();
  const senders = extractor.inbox_senders;
  const change = (input: { inbox_senders?: string[]; inbox_is_open?: boolean }) =>
    save.mutate(
      { id: extractor.id, input },
      {
        onSuccess: () => {
          if (input.inbox_senders) setEntry('');
          // A removed sender's button is gone: the keyboard comes back to the field.
          focusIfLost(fieldRef);
        },
        onError: () => focusIfLost(fieldRef),
      },
    );
  const add = () => {
    if (entry.trim() && !save.isPending) change({ inbox_senders: [...senders, entry.trim()] });
  };
  // The panel sits inside the converter's form: Enter here adds the sender, it does not run.
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  const error = save.error ? messageOf(save.error) : null;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="grid gap-2">
      <h4 id={`${id}-title`} className="text-sm font-medium">
        Who may mail it
      </h4>
      <p id={hintId} className="text-sm text-muted-foreground">
        Mail from your account’s address is always read. Allow the addresses (ada@example.com) or
        whole domains (@example.com) of whoever sends you documents; mail from anyone else is
        refused, and costs you nothing.
      </p>
      {senders.length > 0 ? (
        <ul aria-label="Allowed senders" className="flex flex-wrap gap-2">
          {senders.map((sender) => (
            <li
              key={sender}
              className="flex items-center gap-1 rounded-md border bg-muted/50 py-0.5 pr-0.5 pl-2 text-sm"
            >
              <span className="break-all">{sender}</span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="size-7 p-0"
                aria-label={`Remove ${sender}`}
                disabled={save.isPending}
                onClick={() => change({ inbox_senders: senders.filter((kept) => kept !== sender) })}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-1 gap-1">
          <Label htmlFor={`${id}-entry`}>Allowed sender or domain</Label>
          <Input
            ref={fieldRef}
            id={`${id}-entry`}
            type="text"
            autoComplete="off"
            placeholder="ada@example.com or @example.com"
            value={entry}
            onChange={(event) => {
              setEntry(event.target.value);
              save.reset();
            }}
            onKeyDown={onEnter}
            maxLength={320}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          />
        </div>
        <Button
          type="button"
          size="sm"
          disabled={!entry.trim() || save.isPending || senders.length >= MAX_INBOX_SENDERS}
          onClick={add}
        >
          Allow sender
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex items-start gap-3">
        <input
          id={`${id}-open`}
          type="checkbox"
          checked={extractor.inbox_is_open}
          disabled={save.isPending}
          onChange={(event) => change({ inbox_is_open: event.target.checked })}
          aria-describedby={`${id}-open-hint`}
          className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
        <div className="grid gap-1">
          <label htmlFor={`${id}-open`} className="text-sm font-medium leading-tight">
            Take mail from anyone
          </label>
          <p id={`${id}-open-hint`} className="text-xs text-muted-foreground">
            Anyone who knows the address can then spend your credits, and nobody gets a reply: the
            sender of a mail can be forged.
          </p>
        </div>
      </div>
    </div>
  );
}
