import { Eraser, Sparkles } from 'lucide-react';
import { lazy, Suspense, useState, type Dispatch } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/session';
import { TOAST_FLOWS, toast } from '../../../lib/toast';
import type { ConverterForm, FormAction, FormErrors } from '../utils/converter-form';
import { checkContent, hasContent } from '../utils/validate-run';
import { ColumnEditor, columnNameId } from './column-editor';
import { TemplateButtons } from './template-buttons';

// What replaced columns offer (a line and Undo) loads the first time columns are replaced.
const ReplacedNotice = lazy(async () => ({
  default: (await import('./replaced-notice')).ReplacedNotice,
}));

// Only signed-in users have saved extractors: visitors on the home page do not load them.
const SavedExtractors = lazy(async () => ({
  default: (await import('./saved-extractors')).SavedExtractors,
}));

type ColumnsSectionProps = {
  baseId: string;
  form: ConverterForm;
  dispatch: Dispatch<FormAction>;
  disabled: boolean;
  onInvalidContent: (errors: FormErrors) => void;
  /** Clear also clears the last result. */
  onClear: () => void;
};

/** Templates, the column editor, and Add Column, Clear and Suggest Columns. */
export function ColumnsSection(props: ColumnsSectionProps) {
  const { baseId, form, dispatch, disabled, onInvalidContent, onClear } = props;
  const [isSuggesting, setIsSuggesting] = useState(false);
  const isSignedIn = useAuth().status === 'signed-in';

  const onSuggest = async () => {
    const content = checkContent(form);
    if (!content.ok) {
      onInvalidContent(content.errors);
      return;
    }
    // Several files: the columns are suggested from the first.
    const value = content.value;
    const first = value.kind === 'files' ? { kind: 'file' as const, file: value.files[0]! } : value;
    setIsSuggesting(true);
    try {
      // The request loads with the first Suggest, not with the page.
      const { suggestColumns } = await import('../api/suggest-columns');
      const { columns } = await suggestColumns(first);
      dispatch({ type: 'replace-columns', columns, by: 'suggested columns' });
      toast.success(`Suggested ${columns.length} column${columns.length === 1 ? '' : 's'}`, {
        id: TOAST_FLOWS.suggestColumns,
      });
    } catch (error) {
      toast.error('Error', {
        id: TOAST_FLOWS.suggestColumns,
        description: (error as Error).message,
      });
    } finally {
      setIsSuggesting(false);
    }
  };

  const actions = (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={disabled}
        onClick={() => {
          dispatch({ type: 'clear-columns' });
          onClear();
        }}
      >
        <Eraser aria-hidden="true" />
        Clear
      </Button>
      {hasContent(form) ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled || isSuggesting}
          onClick={() => void onSuggest()}
        >
          {isSuggesting ? <Spinner className="size-4" /> : <Sparkles aria-hidden="true" />}
          {isSuggesting ? 'Suggesting...' : 'Suggest Columns'}
        </Button>
      ) : null}
    </>
  );

  return (
    <fieldset className="grid min-w-0 gap-4">
      <legend className="mb-2 text-sm font-medium">Columns</legend>
      <TemplateButtons
        baseId={baseId}
        selected={form.template}
        disabled={disabled}
        onApply={(columns, template, label) =>
          dispatch({ type: 'replace-columns', columns, template, by: `the ${label} template` })
        }
      />
      <div role="status" className="empty:hidden">
        {form.replaced ? (
          <Suspense fallback={null}>
            <ReplacedNotice
              replaced={form.replaced}
              disabled={disabled}
              onUndo={() => {
                const first = form.replaced?.columns[0];
                dispatch({ type: 'undo-replace' });
                if (first)
                  requestAnimationFrame(() =>
                    document.getElementById(columnNameId(baseId, first))?.focus(),
                  );
              }}
            />
          </Suspense>
        ) : null}
      </div>
      {isSignedIn ? (
        <Suspense fallback={null}>
          <SavedExtractors baseId={baseId} form={form} dispatch={dispatch} disabled={disabled} />
        </Suspense>
      ) : null}
      <ColumnEditor
        baseId={baseId}
        columns={form.columns}
        error={form.errors.columns}
        disabled={disabled}
        dispatch={dispatch}
        actions={actions}
      />
    </fieldset>
  );
}
