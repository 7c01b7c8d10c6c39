import { RefreshCw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { AutomationSettings, Extractor } from '../../../../shared/extractors';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { OptionsSelect } from '../../../components/ui/select';
import { useFocusIfLost } from '../../../lib/use-focus-if-lost';
import { useReplaceInboxAddress, useSetAutomation } from '../api/extractor-automation';
import { InboxSendersSettings } from './inbox-senders-settings';

// Read after their label, "Replies": each says what the reply carries.
const REPLY_OPTIONS = [
  { value: 'none', label: 'Without the table' },
  { value: 'csv', label: 'With a CSV file' },
  { value: 'xlsx', label: 'With an XLSX file' },
] as const;

type Props = { extractor: Extractor; settings: AutomationSettings | undefined };

/**
 * The inbox address with Copy and Replace, who may mail it, and whether the sender gets the
 * table back.
 */
export function InboxSettings({ extractor, settings }: Props) {
  const id = useId();
  const setAutomation = useSetAutomation();
  const replyRef = useRef<HTMLButtonElement>(null);
  // The select is disabled while its choice is saved: the keyboard comes back to it after.
  const focusIfLost = useFocusIfLost();
  const addressId = `${id}-address`;
  const selectAddress = () => {
    const element = document.getElementById(addressId);
    if (element) window.getSelection()?.selectAllChildren(element);
  };
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="grid gap-2">
      <h3 id={`${id}-title`} className="text-sm font-medium">
        Inbox
      </h3>
      <p className="text-sm text-muted-foreground">
        Mail a document to this address: each attachment (and a table in the mail itself) is read
        with this extractor.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          id={addressId}
          aria-label="Inbox address"
          className="min-w-0 rounded-md border bg-muted/50 px-2 py-1 font-mono text-sm break-all"
        >
          {extractor.inbox_address}
        </code>
        <CopyButton
          text={extractor.inbox_address}
          label="Copy address"
          onCopyFailed={selectAddress}
        />
        <ReplaceDialog extractor={extractor} />
      </div>
      {settings && !settings.is_receiving_mail ? (
        <p className="text-sm text-muted-foreground">
          This server does not receive mail yet: whoever runs it sets INBOUND_SMTP_PORT (see the
          self-hosting guide).
        </p>
      ) : null}
      <InboxSendersSettings extractor={extractor} />
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor={`${id}-reply`}>Replies</Label>
        <OptionsSelect
          id={`${id}-reply`}
          triggerRef={replyRef}
          value={extractor.reply_format ?? 'none'}
          options={REPLY_OPTIONS}
          disabled={
            setAutomation.isPending || settings?.can_reply === false || extractor.inbox_is_open
          }
          onValueChange={(value) =>
            setAutomation.mutate(
              {
                id: extractor.id,
                input: { reply_format: value === 'none' ? null : (value as 'csv' | 'xlsx') },
              },
              { onSettled: () => focusIfLost(replyRef) },
            )
          }
          className="w-56"
        />
      </div>
      {settings?.can_reply === false ? (
        <p className="text-sm text-muted-foreground">
          Replies need this server to send mail (SMTP_URL).
        </p>
      ) : extractor.inbox_is_open ? (
        <p className="text-sm text-muted-foreground">
          No replies are sent while the inbox takes mail from anyone.
        </p>
      ) : null}
      {setAutomation.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {setAutomation.error.message}
        </p>
      ) : null}
    </div>
  );
}

/** Replace, and its dialog: opened from the button, closed back to it (focus returns there). */
function ReplaceDialog({ extractor }: { extractor: Extractor }) {
  const [isOpen, setIsOpen] = useState(false);
  const replace = useReplaceInboxAddress();
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open);
        replace.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" variant="ghost" size="sm">
          <RefreshCw aria-hidden="true" />
          Replace address
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Replace the inbox address?</DialogTitle>
          <DialogDescription>
            Mail sent to {extractor.inbox_address} is refused from now on. Give the new address to
            whoever sends you documents.
          </DialogDescription>
        </DialogHeader>
        {replace.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {replace.error.message}
          </p>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button
            type="button"
            disabled={replace.isPending}
            onClick={() =>
              replace.mutate(
                { id: extractor.id, input: null },
                { onSuccess: () => setIsOpen(false) },
              )
            }
          >
            Replace address
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
