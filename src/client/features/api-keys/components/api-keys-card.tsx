import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { CreatedApiKey } from '../../../../shared/api-keys';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { useApiKeys, useCreateApiKey } from '../api/api-keys';
import { ApiKeyList } from './api-key-list';
import { NewKeyNotice } from './new-key-notice';

/** Settings: create named API keys for scripts, see when each was last used, revoke them. */
export function ApiKeysCard() {
  const headingId = useId();
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <h2 id={headingId} className="text-lg font-semibold leading-tight">
          API keys
        </h2>
        <p className="text-sm text-muted-foreground">
          Call the API from scripts and the command line with{' '}
          <code className="text-xs">Authorization: Bearer &lt;key&gt;</code>. Runs are charged to
          your credits. See the{' '}
          <a className="underline underline-offset-4" href="/docs">
            documentation
          </a>
          .
        </p>
      </CardHeader>
      <CardContent className="grid gap-5">
        <CreateKeyForm onCreated={setCreated} />
        {created ? <NewKeyNotice created={created} onDone={() => setCreated(null)} /> : null}
        {keys.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner className="size-4" /> Loading your API keys…
          </p>
        ) : null}
        {keys.isError ? (
          <Alert variant="error" role="alert">
            We couldn&apos;t load your API keys. {keys.error.message}
          </Alert>
        ) : null}
        {keys.data ? <ApiKeyList keys={keys.data} /> : null}
      </CardContent>
    </Card>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const create = useCreateApiKey();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name, {
      onSuccess: (key) => {
        setName('');
        onCreated(key);
      },
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-2" aria-label="Create an API key">
      <Label htmlFor={`${id}-name`}>Key name</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={`${id}-name`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="e.g. Nightly invoice import"
          maxLength={80}
          required
          aria-describedby={create.isError ? `${id}-error` : undefined}
          className="min-w-0 flex-1 basis-56"
        />
        <Button type="submit" disabled={create.isPending || !name.trim()}>
          <KeyRound aria-hidden="true" />
          Create key
        </Button>
      </div>
      {create.isError ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {create.error.message}
        </p>
      ) : null}
    </form>
  );
}
