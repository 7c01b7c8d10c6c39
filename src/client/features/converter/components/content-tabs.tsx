import { ClipboardPaste, FileUp, Globe } from 'lucide-react';
import { lazy, Suspense, type Dispatch } from 'react';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { Textarea } from '../../../components/ui/textarea';
import type { ContentTab, ConverterForm, FormAction } from '../utils/converter-form';
import { FieldError } from '../../../components/ui/field-error';
import { FileDropZone } from './file-drop-zone';

// A chosen file's banner (and an image's thumbnail) loads when a file is chosen.
const SelectedFileBanner = lazy(() =>
  import('./selected-file-banner').then((m) => ({ default: m.SelectedFileBanner })),
);
// Several files (a batch) are the rarer case: their list loads when they are chosen.
const SelectedFilesList = lazy(() =>
  import('./selected-files-list').then((m) => ({ default: m.SelectedFilesList })),
);
// Files to choose again show only after a reload lost them.
const LostFilesNotice = lazy(() =>
  import('./lost-files-notice').then((m) => ({ default: m.LostFilesNotice })),
);

// On a phone the three tabs share the width without icons, and wrap rather than overflow.
const TRIGGER_CLASS = 'whitespace-normal px-2 text-center sm:px-3';

/** The ids validation focuses, per tab. */
export function contentFieldId(baseId: string, tab: ContentTab): string {
  return `${baseId}-content-${tab}`;
}

type ContentTabsProps = {
  baseId: string;
  form: ConverterForm;
  dispatch: Dispatch<FormAction>;
  onFiles: (files: File[]) => void;
  disabled: boolean;
};

/** Upload File, Paste Text, Enter URL: one input at a time, kept when switching tabs. */
export function ContentTabs({ baseId, form, dispatch, onFiles, disabled }: ContentTabsProps) {
  const errorId = `${baseId}-content-error`;
  const error = form.errors.content;
  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  const urlHelpId = `${baseId}-url-help`;
  return (
    <Tabs
      value={form.tab}
      onValueChange={(tab) => dispatch({ type: 'tab', tab: tab as ContentTab })}
    >
      <TabsList aria-label="Content to convert" className="h-auto">
        <TabsTrigger value="file" className={TRIGGER_CLASS}>
          <FileUp aria-hidden="true" className="max-sm:hidden" />
          Upload File
        </TabsTrigger>
        <TabsTrigger value="text" className={TRIGGER_CLASS}>
          <ClipboardPaste aria-hidden="true" className="max-sm:hidden" />
          Paste Text
        </TabsTrigger>
        <TabsTrigger value="url" className={TRIGGER_CLASS}>
          <Globe aria-hidden="true" className="max-sm:hidden" />
          Enter URL
        </TabsTrigger>
      </TabsList>

      <TabsContent value="file" className="grid gap-3">
        <FileDropZone
          buttonId={contentFieldId(baseId, 'file')}
          describedBy={error ? errorId : undefined}
          isInvalid={Boolean(error)}
          disabled={disabled}
          onFiles={onFiles}
        />
        <SelectedFiles baseId={baseId} form={form} dispatch={dispatch} disabled={disabled} />
        {form.lostFiles.length > 0 ? (
          <Suspense fallback={null}>
            <LostFilesNotice
              files={form.lostFiles}
              disabled={disabled}
              onFiles={onFiles}
              onForget={() => dispatch({ type: 'forget-lost-files' })}
            />
          </Suspense>
        ) : null}
        <FieldError id={errorId} message={form.tab === 'file' ? error : undefined} />
      </TabsContent>

      <TabsContent value="text" className="grid gap-2">
        <Label htmlFor={contentFieldId(baseId, 'text')}>Text to convert</Label>
        <Textarea
          id={contentFieldId(baseId, 'text')}
          value={form.text}
          rows={8}
          placeholder="Paste a bank statement, a table, an email with order details…"
          disabled={disabled}
          onChange={(event) => dispatch({ type: 'text', text: event.target.value })}
          {...invalid}
        />
        <FieldError id={errorId} message={form.tab === 'text' ? error : undefined} />
      </TabsContent>

      <TabsContent value="url" className="grid gap-2">
        <Label htmlFor={contentFieldId(baseId, 'url')}>Web page address</Label>
        <Input
          id={contentFieldId(baseId, 'url')}
          type="url"
          inputMode="url"
          autoComplete="url"
          value={form.url}
          placeholder="https://example.com/events"
          disabled={disabled}
          onChange={(event) => dispatch({ type: 'url', url: event.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${urlHelpId} ${errorId}` : urlHelpId}
        />
        <p id={urlHelpId} className="text-xs text-muted-foreground">
          The address of a public page, starting with http:// or https://. Our server fetches it.
        </p>
        <FieldError id={errorId} message={form.tab === 'url' ? error : undefined} />
      </TabsContent>
    </Tabs>
  );
}

/**
 * One chosen file as today's banner; several as a list of the batch's files. When the button
 * pressed goes with the files it cleared, focus goes to Choose Files, not to the page.
 */
function SelectedFiles({
  baseId,
  form,
  dispatch,
  disabled,
}: Pick<ContentTabsProps, 'baseId' | 'form' | 'dispatch' | 'disabled'>) {
  const [first, ...others] = form.files;
  if (!first) return null;
  const focusChooseFiles = () => document.getElementById(contentFieldId(baseId, 'file'))?.focus();
  const clear = () => {
    focusChooseFiles();
    dispatch({ type: 'file', file: null });
  };
  if (others.length === 0)
    return (
      <Suspense fallback={<p className="text-sm">{first.name}</p>}>
        <SelectedFileBanner file={first} disabled={disabled} onClear={clear} />
      </Suspense>
    );
  return (
    <Suspense fallback={<p className="text-sm">{form.files.length} files chosen</p>}>
      <SelectedFilesList
        files={form.files}
        disabled={disabled}
        onRemove={(index) => {
          // The last but one: the list gives way to the one file's banner.
          if (form.files.length === 2) focusChooseFiles();
          dispatch({ type: 'remove-file', index });
        }}
        onClear={clear}
      />
    </Suspense>
  );
}
