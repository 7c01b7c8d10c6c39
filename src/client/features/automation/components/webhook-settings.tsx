import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { Extractor } from '../../../../shared/extractors';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { ApiError } from '../../../lib/api-client';
import { useFocusIfLost } from '../../../lib/use-focus-if-lost';
import { useSetAutomation } from '../api/extractor-automation';

/** The server's words for a refused address: the field's own message, else the error's. */
function messageOf(error: Error): string {
  if (error instanceof ApiError) return error.fieldErrors().webhook_url ?? error.message;
  return error.message;
}

/**
 * Where the jobs of the inbox and the schedule are posted when they end. The server checks the
 * address (http or https, a public address) and its message is shown beside the field.
 */
export function WebhookSettings({ extractor }: { extractor: Extractor }) {
  const id = useId();
  const saved = extractor.webhook_url ?? '';
  const [url, setUrl] = useState(saved);
  const [done, setDone] = useState<string | null>(null);
  const save = useSetAutomation();
  const fieldRef = useRef<HTMLInputElement>(null);
  const focusIfLost = useFocusIfLost();
  const isChanged = url.trim() !== saved;
  const change = (next: string | null) => {
    setDone(null);
    save.mutate(
      { id: extractor.id, input: { webhook_url: next } },
      {
        onSuccess: (updated) => {
          // The server answers the address as it keeps it (https://example.com/, not …com).
          setUrl(updated.webhook_url ?? '');
          setDone(updated.webhook_url ? 'Webhook saved.' : 'Webhook removed.');
          // Save is disabled once saved and Remove goes away: the keyboard comes back to the field.
          focusIfLost(fieldRef);
        },
        // A refused address: back to the field, which the message describes.
        onError: () => focusIfLost(fieldRef),
      },
    );
  };
  const submit = () => {
    if (isChanged && !save.isPending) change(url.trim() || null);
  };
  // The panel sits inside the converter's form: Enter here saves the webhook, it does not run.
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submit();
  };
  const error = save.error ? messageOf(save.error) : null;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="grid gap-2 border-t pt-4">
      <h3 id={`${id}-title`} className="text-sm font-medium">
        Webhook
      </h3>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-url`}>Webhook address</Label>
        <Input
          ref={fieldRef}
          id={`${id}-url`}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/hooks/rowsmith"
          value={url}
          onChange={(event) => {
            setUrl(event.target.value);
            setDone(null);
            save.reset();
          }}
          onKeyDown={onEnter}
          maxLength={2048}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        />
        <p id={hintId} className="text-sm text-muted-foreground">
          When a job from this inbox or schedule ends, it is posted here, signed with your webhook
          secret (in{' '}
          <Link to="/settings" className="underline underline-offset-2">
            Settings
          </Link>
          ). A public http or https address; leave it empty for none.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" disabled={!isChanged || save.isPending} onClick={submit}>
          Save webhook
        </Button>
        {saved ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={save.isPending}
            onClick={() => change(null)}
          >
            Remove webhook
          </Button>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <p role="status" className="text-sm">
        {done}
      </p>
    </div>
  );
}
