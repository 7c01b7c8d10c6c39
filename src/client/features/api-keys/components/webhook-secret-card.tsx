import { Eye, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { useRotateWebhookSecret, useWebhookSecret } from '../api/api-keys';

/** Settings: the secret that signs webhooks, shown on request, and a way to replace it. */
export function WebhookSecretCard() {
  const headingId = useId();
  const [isShown, setIsShown] = useState(false);
  const secret = useWebhookSecret(isShown);
  const rotate = useRotateWebhookSecret();
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <h2 id={headingId} className="text-lg font-semibold leading-tight">
          Webhook signing secret
        </h2>
        <p className="text-sm text-muted-foreground">
          A job started with <code className="text-xs">webhook_url</code> is posted there when it
          ends, signed with this secret the Standard Webhooks way (
          <code className="text-xs">webhook-signature</code>). Check the signature before you trust
          a delivery.
        </p>
      </CardHeader>
      <CardContent className="grid gap-3">
        {isShown && secret.data ? (
          <input
            readOnly
            value={secret.data.secret}
            aria-label="Webhook signing secret"
            onFocus={(event) => event.currentTarget.select()}
            className="w-full rounded-md border border-input bg-background px-3 py-1.5 font-mono text-xs"
          />
        ) : null}
        {secret.isError ? (
          <Alert variant="error" role="alert">
            We couldn&apos;t load the secret. {secret.error.message}
          </Alert>
        ) : null}
        {rotate.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {rotate.error.message}
          </p>
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
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={rotate.isPending}
            onClick={() => {
              setIsShown(true);
              rotate.mutate();
            }}
          >
            <RefreshCw aria-hidden="true" />
            Replace secret
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
