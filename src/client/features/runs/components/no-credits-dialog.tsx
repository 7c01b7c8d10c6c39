import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
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

/**
 * SPEC.md section 2: no credits left; Maybe Later closes, Upgrade Plan goes to /pricing. Request
 * credits shows the page's form for asking an operator for more, in the dialog, so the content
 * and columns behind it stay as they are.
 */
export function NoCreditsDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  requestCredits,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on closing (the dialog has no trigger to go back to). */
  onCloseAutoFocus?: (event: Event) => void;
  requestCredits?: ReactNode;
}) {
  const [isRequesting, setIsRequesting] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>No credits remaining</DialogTitle>
          <DialogDescription>
            You have used all your credits. Upgrade your plan or ask us for more credits to run more
            extractions; your content and columns are still here.
          </DialogDescription>
        </DialogHeader>
        {isRequesting ? (
          requestCredits
        ) : (
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Maybe Later</Button>
            </DialogClose>
            {requestCredits ? (
              <Button variant="outline" onClick={() => setIsRequesting(true)}>
                Request credits
              </Button>
            ) : null}
            <Button asChild>
              <Link to="/pricing">Upgrade Plan</Link>
            </Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}
