import { FileText } from 'lucide-react';
import { useCallback, useState } from 'react';
import { isImageFile } from '../../../lib/accepted-files';

/**
 * A chosen image as a small picture (an object URL, revoked when the file changes or the
 * thumbnail goes away); any other file, or an image the browser cannot draw (TIFF), as an icon.
 */
export function FileThumbnail({ file }: { file: File }) {
  const [failedFile, setFailedFile] = useState<File | null>(null);
  const showImage = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image) return;
      const url = URL.createObjectURL(file);
      image.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  if (!isImageFile(file) || failedFile === file)
    return <FileText className="hidden size-5 shrink-0 text-primary sm:block" aria-hidden="true" />;
  return (
    <img
      ref={showImage}
      alt={`Preview of ${file.name}`}
      onError={() => setFailedFile(file)}
      className="size-16 shrink-0 rounded-md border bg-background object-cover"
    />
  );
}
