import { useEffect, useRef } from 'react';
import type { CreatedApiKey } from '../../../../shared/api-keys';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';

/** The one time a key's secret is shown: copy it now; it is stored only as a hash. */
export function NewKeyNotice({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const keyRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    keyRef.current?.focus();
    keyRef.current?.select();
  }, [created.id]);
  return (
    <Alert variant="warning" role="status" className="grid gap-3">
      <p>
        <span className="font-medium">Your new key “{created.name}”.</span> Copy it now: this is the
        only time it is shown.
      </p>
      <div className="flex flex-wrap gap-2">
        <input
          ref={keyRef}
          readOnly
          value={created.key}
          aria-label={`API key ${created.name}`}
          className="min-w-0 flex-1 basis-64 rounded-md border border-input bg-background px-3 py-1.5 font-mono text-xs text-foreground"
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton
          text={created.key}
          label="Copy key"
          onCopyFailed={() => keyRef.current?.select()}
        />
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </Alert>
  );
}
