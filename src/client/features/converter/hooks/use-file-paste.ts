import { useEffect, useRef, type RefObject } from 'react';

function isTextField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && target.type !== 'file') ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

/**
 * Ctrl+V of files anywhere on the converter (or with nothing focused) adds those files. Pasting
 * into a text field with text on the clipboard stays a text paste: spreadsheets copy cells as
 * text and as a picture at once.
 */
export function useFilePaste(
  rootRef: RefObject<HTMLElement | null>,
  onFiles: (files: File[]) => void,
) {
  const onFilesRef = useRef(onFiles);
  useEffect(() => {
    onFilesRef.current = onFiles;
  });

  useEffect(() => {
    const handle = (event: ClipboardEvent) => {
      const data = event.clipboardData;
      const files = Array.from(data?.files ?? []);
      if (!data || files.length === 0) return;
      const { target } = event;
      const root = rootRef.current;
      const isOnConverter =
        target === document.body ||
        target === document.documentElement ||
        (root !== null && target instanceof Node && root.contains(target));
      if (!isOnConverter) return;
      if (isTextField(target) && data.types.includes('text/plain')) return;
      event.preventDefault();
      onFilesRef.current(files);
    };
    document.addEventListener('paste', handle);
    return () => document.removeEventListener('paste', handle);
  }, [rootRef]);
}
