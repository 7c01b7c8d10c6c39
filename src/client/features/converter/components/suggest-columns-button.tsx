import { useMutation } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import type { Dispatch } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TOAST_FLOWS, toast } from '../../../lib/toast';
import { suggestColumns } from '../api/suggest-columns';
import type { ConverterForm, FormAction, FormErrors } from '../utils/converter-form';
import { checkContent } from '../utils/validate-run';

const notify = (error: Error) =>
  toast.error('Error', { id: TOAST_FLOWS.suggestColumns, description: error.message });

/**
 * Suggest Columns (SPEC.md section 2, shown when there is content): the model's columns for the
 * content, in place of those in the editor. Loads with the first content, not with the page.
 */
export function SuggestColumnsButton({
  form,
  dispatch,
  disabled,
  onInvalidContent,
}: {
  form: ConverterForm;
  dispatch: Dispatch<FormAction>;
  disabled: boolean;
  onInvalidContent: (errors: FormErrors) => void;
}) {
  const suggest = useMutation({ mutationFn: suggestColumns });

  const onSuggest = () => {
    if (suggest.isPending) return;
    const content = checkContent(form);
    if (!content.ok) return onInvalidContent(content.errors);
    // Several files: the columns are suggested from the first.
    const value = content.value;
    const first = value.kind === 'files' ? { kind: 'file' as const, file: value.files[0]! } : value;
    suggest.mutate(first, {
      onSuccess: ({ columns }) => {
        dispatch({ type: 'replace-columns', columns, by: 'suggested columns' });
        toast.success(`Suggested ${columns.length} column${columns.length === 1 ? '' : 's'}`, {
          id: TOAST_FLOWS.suggestColumns,
        });
      },
      onError: notify,
    });
  };

  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={disabled}
      // Not disabled while suggesting: a disabled button would drop the focus to the page.
      aria-disabled={suggest.isPending || undefined}
      className="aria-disabled:pointer-events-none aria-disabled:opacity-50"
      onClick={onSuggest}
    >
      {suggest.isPending ? <Spinner className="size-4" /> : <Sparkles aria-hidden="true" />}
      {suggest.isPending ? 'Suggesting...' : 'Suggest Columns'}
    </Button>
  );
}
