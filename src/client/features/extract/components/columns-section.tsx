import { Eraser, Sparkles } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, type Dispatch } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/session';
import { TOAST_FLOWS, toast } from '../../../lib/toast';
import type { SuggestContent } from '../api/suggest-columns';
import {
  hasContent,
  type ConverterForm,
  type FormAction,
  type FormErrors,
} from '../utils/converter-form';
import { loadChecks } from '../utils/load-checks';
import { ColumnEditor } from './column-editor';
import { TemplateButtons } from './template-buttons';

// The request for suggestions loads when Suggest Columns is pressed.
const suggestColumns = async (content: SuggestContent) =>
  (await import('../api/suggest-columns')).suggestColumns(content);

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
  /** Clear empties the whole converter (and its kept draft), and the last result with it. */
  onClear: () => void;
};

/**
 * Templates, the column editor, and Add Column, Clear (the whole converter) and Suggest Columns.
 */
export function ColumnsSection(props: ColumnsSectionProps) {
  const { baseId, form, dispatch, disabled, onInvalidContent, onClear } = props;
  const suggest = useMutation({ mutationFn: suggestColumns });
  const isSignedIn = useAuth().status === 'signed-in';

  const onSuggest = async () => {
    const content = (await loadChecks()).checkContent(form);
    if (!content.ok) {
      onInvalidContent(content.errors);
      return;
    }
    // Several files: the columns are suggested from the first.
    const value = content.value;
    const first = value.kind === 'files' ? { kind: 'file' as const, file: value.files[0]! } : value;
    suggest.mutate(first, {
      onSuccess: ({ columns }) => {
        dispatch({ type: 'replace-columns', columns });
        toast.success(`Suggested ${columns.length} column${columns.length === 1 ? '' : 's'}`, {
          id: TOAST_FLOWS.suggestColumns,
        });
      },
      onError: (error) =>
        toast.error('Error', { id: TOAST_FLOWS.suggestColumns, description: error.message }),
    });
  };

  const actions = (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={disabled}
        onClick={() => {
          dispatch({ type: 'clear' });
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
          disabled={disabled || suggest.isPending}
          onClick={() =>
            void onSuggest().catch((error: Error) =>
              toast.error('Error', { id: TOAST_FLOWS.suggestColumns, description: error.message }),
            )
          }
        >
          {suggest.isPending ? <Spinner className="size-4" /> : <Sparkles aria-hidden="true" />}
          {suggest.isPending ? 'Suggesting...' : 'Suggest Columns'}
        </Button>
      ) : null}
    </>
  );

  return (
    <fieldset className="grid min-w-0 gap-4">
      <legend className="mb-2 text-sm font-medium">Columns</legend>
      <TemplateButtons
        baseId={baseId}
        disabled={disabled}
        selected={form.template}
        onApply={(template, columns) => dispatch({ type: 'replace-columns', columns, template })}
      />
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
