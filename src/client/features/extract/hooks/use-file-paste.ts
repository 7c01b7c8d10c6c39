import { useEffect, useRef, type RefObject } from 'react';

function isTextField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && target.type !== 'file') ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

/**
 * Ctrl+V of a file anywhere on the converter (or with nothing focused) picks that file. Pasting
 * into a text field with text on the clipboard stays a text paste: spreadsheets copy cells as
 * text and as a picture at once.
 */
export function useFilePaste(rootRef: RefObject<HTMLElement | null>, onFile: (file: File) => void) {
  const onFileRef = useRef(onFile);
  useEffect(() => {
    onFileRef.current = onFile;
  });

  useEffect(() => {
    const handle = (event: ClipboardEvent) => {
      const data = event.clipboardData;
      const file = data?.files[0];
      if (!data || !file) return;
      const { target } = event;
      const root = rootRef.current;
      const isOnConverter =
        target === document.body ||
        target === document.documentElement ||
        (root !== null && target instanceof Node && root.contains(target));
      if (!isOnConverter) return;
      if (isTextField(target) && data.types.includes('text/plain')) return;
      event.preventDefault();
      onFileRef.current(file);
    };
    document.addEventListener('paste', handle);
    return () => document.removeEventListener('paste', handle);
  }, [rootRef]);
}
