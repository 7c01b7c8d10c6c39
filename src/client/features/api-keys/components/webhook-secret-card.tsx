import { Eye, RefreshCw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { CopyButton } from '../../../components/ui/copy-button';
import { useRotateWebhookSecret, useWebhookSecret } from '../api/api-keys';
import { ReplaceSecretDialog } from './replace-secret-dialog';

/** Settings: the secret that signs webhooks, shown and copied on request, and replaced if asked. */
export function WebhookSecretCard() {
  const headingId = useId();
  const [isShown, setIsShown] = useState(false);
  const [isAsking, setIsAsking] = useState(false);
  const secret = useWebhookSecret(isShown);
  const rotate = useRotateWebhookSecret();
  const secretRef = useRef<HTMLInputElement>(null);
  const replace = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        setIsShown(true);
        setIsAsking(false);
      },
    });
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <h2 id={headingId} className="text-lg font-semibold leading-tight">
          Webhook signing secret
        </h2>
        <p className="text-sm text-muted-foreground">
          A job started with <code className="text-xs">webhook_url</code> (or made by a saved
          extractor&apos;s inbox or schedule, with its webhook address) is posted there when it
          ends, signed with this secret the Standard Webhooks way (
          <code className="text-xs">webhook-signature</code>). Check the signature before you trust
          a delivery.
        </p>
      </CardHeader>
      <CardContent className="grid gap-3">
        {isShown && secret.data ? (
          <div className="flex flex-wrap gap-2">
            <input
              ref={secretRef}
              readOnly
              value={secret.data.secret}
              aria-label="Webhook signing secret"
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 basis-64 rounded-md border border-input bg-background px-3 py-1.5 font-mono text-xs"
            />
            <CopyButton
              text={secret.data.secret}
              label="Copy secret"
              onCopyFailed={() => secretRef.current?.select()}
            />
          </div>
        ) : null}
        {secret.isError ? (
          <Alert variant="error" role="alert">
            We couldn&apos;t load the secret. {secret.error.message}
          </Alert>
        ) : null}
        {rotate.isSuccess ? (
          <p role="status" className="text-sm text-muted-foreground">
            A new secret is in use. Update your receivers.
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {!isShown ? (
            <Button type="button" variant="outline" size="sm" onClick={() => setIsShown(true)}>
              <Eye aria-hidden="true" />
              Show secret
            </Button>
          ) : null}
          <ReplaceSecretDialog
            trigger={
              <Button type="button" variant="outline" size="sm">
                <RefreshCw aria-hidden="true" />
                Replace secret
              </Button>
            }
            open={isAsking}
            onOpenChange={(open) => {
              setIsAsking(open);
              if (!open) rotate.reset();
            }}
            isReplacing={rotate.isPending}
            error={rotate.isError ? rotate.error.message : null}
            onConfirm={replace}
          />
        </div>
      </CardContent>
    </Card>
  );
}
