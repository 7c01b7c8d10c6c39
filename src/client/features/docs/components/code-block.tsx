import { Copy } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A code example with its file name and a Copy button. The block scrolls sideways on narrow
 * screens and can be focused for that; the button says what happened, to screen readers too.
 */
export function CodeBlock({ title, code }: { title: string; code: string }) {
  const [state, setState] = useState<CopyState>('idle');
  const titleId = useId();
  const text = code.trimEnd();

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <figure className="my-6 overflow-hidden rounded-lg border bg-muted/40">
      <figcaption className="flex items-center justify-between gap-2 border-b bg-muted/60 px-4 py-1.5">
        <span id={titleId} className="truncate font-mono text-sm text-muted-foreground">
          {title}
        </span>
        <Button variant="ghost" size="sm" onClick={() => void copy()} aria-label={`Copy ${title}`}>
          <Copy aria-hidden="true" />
          {state === 'copied' ? 'Copied' : 'Copy'}
        </Button>
        <span role="status" className="sr-only">
          {state === 'copied' ? `${title} copied` : state === 'failed' ? 'Could not copy' : ''}
        </span>
      </figcaption>
      <pre
        tabIndex={0}
        aria-labelledby={titleId}
        className="overflow-x-auto p-4 font-mono text-[0.8125rem] leading-6 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <code>{text}</code>
      </pre>
    </figure>
  );
}
