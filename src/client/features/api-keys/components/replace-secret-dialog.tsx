import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';

type ReplaceSecretDialogProps = {
  /** The button that opens the dialog, and gets the focus back when it closes. */
  trigger: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isReplacing: boolean;
  error: string | null;
  onConfirm: () => void;
};

/** Asks before the webhook secret is replaced: every receiver must then be given the new one. */
export function ReplaceSecretDialog(props: ReplaceSecretDialogProps) {
  const { trigger, open, onOpenChange, isReplacing, error, onConfirm } = props;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Replace the webhook secret?</DialogTitle>
          <DialogDescription>
            Deliveries from now on are signed with a new secret. Receivers that check signatures
            with the current secret will refuse them until you give them the new one. This cannot be
            undone.
          </DialogDescription>
        </DialogHeader>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" disabled={isReplacing} onClick={onConfirm}>
            Replace secret
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
