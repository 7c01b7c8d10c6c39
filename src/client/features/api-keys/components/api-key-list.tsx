import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ApiKeySummary } from '../../../../shared/api-keys';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { useRevokeApiKey } from '../api/api-keys';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateTime.format(new Date(iso));

/** The user's keys by name and prefix, with when each was made and last used. */
export function ApiKeyList({ keys }: { keys: ApiKeySummary[] }) {
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  if (keys.length === 0)
    return <p className="text-sm text-muted-foreground">You have no API keys yet.</p>;
  return (
    <>
      <ul aria-label="Your API keys" className="divide-y rounded-md border">
        {keys.map((key) => (
          <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <div className="min-w-0">
              <p className="truncate font-medium">{key.name}</p>
              <p className="text-xs text-muted-foreground">
                <code>{key.prefix}…</code> · created {when(key.created_at)} ·{' '}
                {key.last_used_at ? `last used ${when(key.last_used_at)}` : 'never used'}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setRevoking(key)}
              aria-label={`Revoke ${key.name}`}
            >
              <Trash2 aria-hidden="true" />
              Revoke
            </Button>
          </li>
        ))}
      </ul>
      <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKeySummary | null; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  return (
    <Dialog open={apiKey !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Revoke “{apiKey?.name}”?</DialogTitle>
          <DialogDescription>
            Scripts that use this key stop working at once. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        {revoke.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {revoke.error.message}
          </p>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={revoke.isPending}
            onClick={() => apiKey && revoke.mutate(apiKey.id, { onSuccess: onClose })}
          >
            Revoke key
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
