import { CircleCheck } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { DELETE_CONFIRMATION } from '../../../../shared/account';
import { Button } from '../../../components/ui/button';
import {
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { TOAST_FLOWS, toast } from '../../../lib/toast';
import { useDeleteAccount } from '../api/delete-account';
import { useFinishAccountDeletion } from '../hooks/use-finish-account-deletion';

const CONFIRMATION_MESSAGE = "Please type 'DELETE' to confirm account deletion.";
const FAILURE_MESSAGE = 'Error deleting account. Please try again or contact support.';

/**
 * SPEC.md sections 4 and 5: type DELETE to enable the button, then deleting, then a success
 * dialog, then signed out on / after 2 seconds. Goes inside a `Dialog`, which it keeps open
 * while the request runs and after it succeeded.
 */
export function DeleteAccountDialogContent() {
  const deletion = useDeleteAccount();
  useFinishAccountDeletion(deletion.isSuccess);
  const isLocked = deletion.isPending || deletion.isSuccess;
  return (
    <DialogContent
      hideClose={isLocked}
      onEscapeKeyDown={(event) => isLocked && event.preventDefault()}
      onInteractOutside={(event) => isLocked && event.preventDefault()}
    >
      {deletion.isSuccess ? (
        <DeletedMessage />
      ) : (
        <ConfirmForm
          isDeleting={deletion.isPending}
          onConfirm={(confirmation) =>
            deletion.mutate(confirmation, {
              onSuccess: () => toast.dismiss(TOAST_FLOWS.deleteAccount),
              onError: () =>
                toast.error('Error', {
                  id: TOAST_FLOWS.deleteAccount,
                  description: FAILURE_MESSAGE,
                }),
            })
          }
        />
      )}
    </DialogContent>
  );
}

function ConfirmForm({
  isDeleting,
  onConfirm,
}: {
  isDeleting: boolean;
  onConfirm: (confirmation: string) => void;
}) {
  const inputId = useId();
  const [text, setText] = useState('');
  const isConfirmed = text === DELETE_CONFIRMATION;

  const confirm = () => {
    if (isDeleting) return;
    if (!isConfirmed) {
      toast.error('Error', { id: TOAST_FLOWS.deleteAccount, description: CONFIRMATION_MESSAGE });
      return;
    }
    onConfirm(text);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    confirm();
  };
  // A form whose submit button is disabled ignores Enter; the field answers it instead.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    confirm();
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Delete your account?</DialogTitle>
        <DialogDescription>
          This permanently deletes your account, your remaining credits, your extraction history and
          every stored result. It cannot be undone.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={inputId}>
          Type <span className="font-mono font-semibold">{DELETE_CONFIRMATION}</span> to confirm
        </Label>
        <Input
          id={inputId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={isDeleting}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="font-mono"
        />
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={isDeleting}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={!isConfirmed || isDeleting}>
          {isDeleting ? <Spinner className="size-4" /> : null}
          {isDeleting ? 'Deleting...' : 'Delete account'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function DeletedMessage() {
  return (
    <div role="status" className="grid gap-3">
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <CircleCheck aria-hidden="true" className="size-5 text-primary" />
          Account deleted
        </DialogTitle>
        <DialogDescription>
          Your account and everything we kept about it have been deleted. Signing you out…
        </DialogDescription>
      </DialogHeader>
    </div>
  );
}
