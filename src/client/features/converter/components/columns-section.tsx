import { Eraser, Undo2 } from 'lucide-react';
import { lazy, Suspense, type Dispatch, type ReactNode } from 'react';
import type { Extractor } from '../../../../shared/extractors';
import { Button } from '../../../components/ui/button';
import { useAuth } from '../../../lib/session';
import {
  hasContent,
  type ConverterForm,
  type FormAction,
  type FormErrors,
} from '../utils/converter-form';
import { ColumnEditor, columnNameId } from './column-editor';
import { TemplateButtons } from './template-buttons';

// Suggest Columns shows (and loads) once there is content to suggest from.
const SuggestColumnsButton = lazy(() =>
  import('./suggest-columns-button').then((m) => ({ default: m.SuggestColumnsButton })),
);

// What replaced columns offer (a line and Undo) loads the first time columns are replaced.
const ReplacedNotice = lazy(async () => ({
  default: (await import('./replaced-notice')).ReplacedNotice,
}));

// A template's or an extractor's rules, listed once there are some.
const RuleList = lazy(async () => ({ default: (await import('./rule-list')).RuleList }));

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
  /** A template's columns are loading: Run waits for them. */
  onTemplateApplying?: (applied: Promise<void>) => void;
  /** Clear empties the whole converter (and its kept draft), and the last result with it; Undo
   * brings back what was entered (not the result) until the next change. */
  onClear: () => void;
  /** The settings of the saved extractor in use (its inbox, schedule and webhook). */
  extractorAutomation: (extractor: Extractor) => ReactNode;
};

/**
 * Templates, the document fields (one value per document) and the rules a template or extractor
 * carries, the column editor, and Add Column, Clear (the whole converter) and Suggest Columns.
 */
export function ColumnsSection(props: ColumnsSectionProps) {
  const { baseId, form, dispatch, disabled, onInvalidContent, onClear } = props;
  const isSignedIn = useAuth().status === 'signed-in';
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
        <Suspense fallback={null}>
          <SuggestColumnsButton
            form={form}
            dispatch={dispatch}
            disabled={disabled}
            onInvalidContent={onInvalidContent}
          />
        </Suspense>
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
        onApply={({ columns, fields = [], rules = [] }, template, label) =>
          dispatch({
            type: 'replace-columns',
            columns,
            fields,
            rules,
            template,
            by: `the ${label} template`,
          })
        }
        onApplying={props.onTemplateApplying}
      />
      {isSignedIn ? (
        <Suspense fallback={null}>
          <SavedExtractors
            baseId={baseId}
            form={form}
            dispatch={dispatch}
            disabled={disabled}
            automation={props.extractorAutomation}
          />
        </Suspense>
      ) : null}
      {/* Below the template and extractor buttons: when it appears, none of them moves. */}
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
      <div role="group" aria-labelledby={`${baseId}-fields`} className="grid gap-2">
        <div>
          <h2 id={`${baseId}-fields`} className="text-sm font-medium">
            Document fields
          </h2>
          <p className="text-xs text-muted-foreground">
            One value per document, like an invoice’s number, date or total.
          </p>
        </div>
        <ColumnEditor
          baseId={baseId}
          kind="field"
          columns={form.fields}
          error={form.errors.fields}
          disabled={disabled}
          dispatch={dispatch}
        />
        {form.rules.length > 0 ? (
          <Suspense fallback={null}>
            <RuleList baseId={baseId} rules={form.rules} />
          </Suspense>
        ) : null}
      </div>
      <div role="group" aria-labelledby={`${baseId}-table-columns`} className="grid gap-2">
        <div>
          <h2 id={`${baseId}-table-columns`} className="text-sm font-medium">
            Table columns
          </h2>
          <p className="text-xs text-muted-foreground">One row per line item.</p>
        </div>
        <ColumnEditor
          baseId={baseId}
          kind="column"
          columns={form.columns}
          error={form.errors.columns}
          disabled={disabled}
          dispatch={dispatch}
          actions={actions}
        />
        <div role="status" className="empty:hidden">
          {form.cleared ? (
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
              <span>Cleared what you entered and the last result.</span>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={disabled}
                onClick={() => dispatch({ type: 'undo-clear' })}
              >
                <Undo2 aria-hidden="true" />
                Undo
              </Button>
            </p>
          ) : null}
        </div>
      </div>
    </fieldset>
  );
}
