import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from './button';

type CopyButtonProps = {
  /** What goes to the clipboard. */
  text: string;
  /** The button's words, e.g. "Copy secret"; it reads "Copied" for a moment after a copy. */
  label: string;
  /** When the browser refuses the clipboard: select the text instead, say how to copy it. */
  onCopyFailed?: () => void;
  className?: string;
};

/** Copies a text with one press and says so, on the button and to screen readers. */
export function CopyButton({ text, label, onCopyFailed, className }: CopyButtonProps) {
  // What was last copied (or refused): a new text, a replaced secret say, is not copied yet.
  const [outcome, setOutcome] = useState<{ text: string; isCopied: boolean } | null>(null);
  const state = outcome?.text !== text ? 'idle' : outcome.isCopied ? 'copied' : 'failed';
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setOutcome(null), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome({ text, isCopied: true });
    } catch {
      setOutcome({ text, isCopied: false });
      onCopyFailed?.();
    }
  };
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className={className}
        onClick={() => void copy()}
      >
        {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {state === 'copied' ? 'Copied' : label}
      </Button>
      <span role="status" className={state === 'failed' ? 'basis-full text-xs' : 'sr-only'}>
        {state === 'copied' ? 'Copied to the clipboard.' : ''}
        {state === 'failed'
          ? 'Copying was not allowed: the text is selected, press Ctrl+C (⌘C on a Mac).'
          : ''}
      </span>
    </>
  );
}
