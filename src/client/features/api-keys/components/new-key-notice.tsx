import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { CreatedApiKey } from '../../../../shared/api-keys';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/** The one time a key's secret is shown: copy it now; it is stored only as a hash. */
export function NewKeyNotice({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [isCopied, setIsCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const keyRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    keyRef.current?.focus();
    keyRef.current?.select();
  }, [created.id]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setIsCopied(true);
    } catch {
      setCopyFailed(true);
      keyRef.current?.select();
    }
  };
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
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          {isCopied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {isCopied ? 'Copied' : 'Copy key'}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
      {copyFailed ? (
        <p className="text-xs">Copying was not allowed: the key is selected, press Ctrl+C.</p>
      ) : null}
    </Alert>
  );
}
