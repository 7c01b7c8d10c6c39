import { FileWarning, X } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { ACCEPT_ATTRIBUTE, formatFileSize } from '../../../lib/accepted-files';
import type { FileInfo } from '../utils/converter-form';

/**
 * Files of the kept draft that this page could not keep (a reload lets go of chosen files): each
 * named, with one click to choose it again, or to let it go.
 */
export function LostFilesNotice({
  files,
  disabled,
  onFiles,
  onForget,
}: {
  files: FileInfo[];
  disabled: boolean;
  onFiles: (files: File[]) => void;
  onForget: () => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const isOne = files.length === 1;
  const label = isOne ? `Add ${files[0]!.name} again` : 'Add these files again';
  return (
    <div
      role="group"
      aria-label={isOne ? 'File to add again' : 'Files to add again'}
      className="flex flex-col gap-3 rounded-md border border-dashed bg-muted/50 p-3 text-sm sm:flex-row sm:items-center"
    >
      <FileWarning className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <ul className="font-medium break-all">
          {files.map((file) => (
            <li key={`${file.name}-${file.lastModified}`}>
              {file.name}{' '}
              <span className="font-normal text-muted-foreground">
                ({formatFileSize(file.size)})
              </span>
            </li>
          ))}
        </ul>
        <p className="text-muted-foreground">
          {isOne ? 'This file was' : 'These files were'} chosen before the page reloaded, and the
          browser does not keep files over a reload. Choose {isOne ? 'it' : 'them'} again to run.
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          disabled={disabled}
          onClick={() => inputRef.current?.click()}
        >
          {label}
        </Button>
        <Button type="button" variant="ghost" size="sm" disabled={disabled} onClick={onForget}>
          <X aria-hidden="true" />
          Forget {isOne ? 'it' : 'them'}
        </Button>
      </div>
      <input
        ref={inputRef}
        type="file"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        multiple={!isOne}
        accept={ACCEPT_ATTRIBUTE}
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (chosen.length > 0) onFiles(chosen);
        }}
      />
    </div>
  );
}
