import { useEffect } from 'react';

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;

/**
 * A file dropped beside the drop zone would make the browser open it in place of the page, and
 * the converter's input would be lost; while the converter is on screen such drops do nothing.
 */
export function useFileDropGuard() {
  useEffect(() => {
    const guard = (event: DragEvent) => {
      if (!carriesFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      // Outside the drop zone the pointer says a drop does nothing here.
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'none';
    };
    window.addEventListener('dragover', guard);
    window.addEventListener('drop', guard);
    return () => {
      window.removeEventListener('dragover', guard);
      window.removeEventListener('drop', guard);
    };
  }, []);
}
