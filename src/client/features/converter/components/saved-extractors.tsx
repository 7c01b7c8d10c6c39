import { Pencil, Save, Trash2 } from 'lucide-react';
import {
  Suspense,
  useId,
  useRef,
  useState,
  type Dispatch,
  type FormEvent,
  type ReactNode,
} from 'react';
import type { Extractor } from '../../../../shared/extractors';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useDeleteExtractor, useExtractors, useSaveExtractor } from '../api/extractors';
import type { ConverterForm, FormAction } from '../utils/converter-form';
import { checkDefinitions } from '../utils/validate-run';

type Props = {
  baseId: string;
  form: ConverterForm;
  dispatch: Dispatch<FormAction>;
  disabled: boolean;
  /** The inbox, schedule and webhook settings of the extractor in use, composed in by the page. */
  automation: (extractor: Extractor) => ReactNode;
};

/**
 * A signed-in user's saved extractors beside the templates: pick one to fill the columns and
 * description, save the current ones under a name, and update or delete the one in use.
 */
export function SavedExtractors({ baseId, form, dispatch, disabled, automation }: Props) {
  const extractors = useExtractors();
  // The extractor in use is the form's template (kept with the draft), as the API's `template`.
  const activeId = form.template;
  const setActiveId = (id: string | null) => dispatch({ type: 'template', template: id });
  const [dialog, setDialog] = useState<'save' | 'edit' | 'delete' | null>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = (which: 'save' | 'edit' | 'delete') => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialog(which);
  };
  // The dialogs have no trigger of their own: focus goes back to the button that opened one, or
  // (a deleted extractor's buttons are gone) to Save as extractor, never to the page's body.
  const returnFocus = (event: Event) => {
    event.preventDefault();
    (opener.current?.isConnected ? opener.current : saveButton.current)?.focus();
  };
  const active = extractors.data?.find((extractor) => extractor.id === activeId) ?? null;

  const apply = (extractor: Extractor) => {
    dispatch({
      type: 'replace-columns',
      columns: extractor.columns,
      fields: extractor.fields,
      rules: extractor.rules,
      template: extractor.id,
    });
    dispatch({ type: 'description', description: extractor.description ?? '' });
  };

  return (
    <div role="group" aria-labelledby={`${baseId}-saved`} className="grid min-w-0 gap-2">
      <p id={`${baseId}-saved`} className="text-sm text-muted-foreground">
        Your saved extractors:
      </p>
      <div className="flex min-w-0 flex-wrap gap-2">
        {extractors.data?.map((extractor) => (
          <Button
            key={extractor.id}
            type="button"
            variant={extractor.id === activeId ? 'default' : 'secondary'}
            size="sm"
            disabled={disabled}
            aria-pressed={extractor.id === activeId}
            onClick={() => apply(extractor)}
            className="max-w-full"
          >
            <span className="min-w-0 truncate">{extractor.name}</span>
          </Button>
        ))}
        {extractors.data?.length === 0 ? (
          <span className="text-sm text-muted-foreground">None yet.</span>
        ) : null}
        <Button
          ref={saveButton}
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={() => open('save')}
        >
          <Save aria-hidden="true" />
          Save as extractor
        </Button>
        {active ? (
          <>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={disabled}
              onClick={() => open('edit')}
              className="max-w-full"
            >
              <Pencil aria-hidden="true" />
              <span className="min-w-0 truncate">Edit “{active.name}”</span>
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={disabled}
              onClick={() => open('delete')}
              className="max-w-full"
            >
              <Trash2 aria-hidden="true" />
              <span className="min-w-0 truncate">Delete “{active.name}”</span>
            </Button>
          </>
        ) : null}
      </div>
      {active ? <Suspense fallback={null}>{automation(active)}</Suspense> : null}
      {extractors.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Your saved extractors could not be loaded. {extractors.error.message}
        </p>
      ) : null}
      {dialog === 'save' || dialog === 'edit' ? (
        <SaveDialog
          form={form}
          editing={dialog === 'edit' ? active : null}
          onCloseAutoFocus={returnFocus}
          onDone={(saved) => {
            if (saved) setActiveId(saved.id);
            setDialog(null);
          }}
        />
      ) : null}
      {dialog === 'delete' && active ? (
        <DeleteDialog
          extractor={active}
          onCloseAutoFocus={returnFocus}
          onDone={(deleted) => {
            if (deleted) setActiveId(null);
            setDialog(null);
          }}
        />
      ) : null}
    </div>
  );
}

function SaveDialog({
  form,
  editing,
  onCloseAutoFocus,
  onDone,
}: {
  form: ConverterForm;
  editing: Extractor | null;
  onCloseAutoFocus: (event: Event) => void;
  onDone: (saved: Extractor | null) => void;
}) {
  const id = useId();
  const [name, setName] = useState(editing?.name ?? '');
  const save = useSaveExtractor();
  const columns = checkDefinitions(form);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!columns.ok) return;
    save.mutate(
      {
        id: editing?.id,
        input: {
          name,
          ...columns.value,
          description: form.description.trim() || undefined,
        },
      },
      { onSuccess: (saved) => onDone(saved) },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onDone(null))}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{editing ? `Edit “${editing.name}”` : 'Save as extractor'}</DialogTitle>
            <DialogDescription>
              {editing
                ? 'The extractor takes the columns and description now in the form.'
                : 'Keep these columns and the description under a name, to use them again here, from the API or the command line.'}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input
              id={`${id}-name`}
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={80}
              required
              autoFocus
            />
          </div>
          {!columns.ok ? (
            <p role="alert" className="text-sm text-destructive">
              {columns.errors.columns ?? columns.errors.fields}
            </p>
          ) : null}
          {save.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {save.error.message}
            </p>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={!columns.ok || !name.trim() || save.isPending}>
              {editing ? 'Save changes' : 'Save extractor'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({
  extractor,
  onCloseAutoFocus,
  onDone,
}: {
  extractor: Extractor;
  onCloseAutoFocus: (event: Event) => void;
  onDone: (deleted: boolean) => void;
}) {
  const remove = useDeleteExtractor();
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onDone(false))}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Delete “{extractor.name}”?</DialogTitle>
          <DialogDescription>
            Scripts that use its id or name stop finding it. Your past runs are kept.
            {extractor.collected_rows > 0
              ? extractor.collected_rows === 1
                ? ' The row its schedule collected is deleted with it.'
                : ` The ${extractor.collected_rows} rows its schedule collected are deleted with it.`
              : null}
          </DialogDescription>
        </DialogHeader>
        {remove.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {remove.error.message}
          </p>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button
            type="button"
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => remove.mutate(extractor.id, { onSuccess: () => onDone(true) })}
          >
            Delete extractor
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
