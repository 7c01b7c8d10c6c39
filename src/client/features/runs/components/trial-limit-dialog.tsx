import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { PLAN } from '../../../../shared/site';
import { withRedirect } from '../../../lib/safe-redirect';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';

const BENEFITS = [
  `${PLAN.signUpCredits} free credits, one per extraction`,
  'A dashboard with your usage',
  'Your results stored, to download again at any time',
] as const;

/**
 * SPEC.md section 2: the free extractions are used up; sign up or sign in to go on. Both come
 * back to the converter (`returnTo`), where the draft waits. When the network's runs ran out,
 * not the visitor's, it says so (issue 20 point 13).
 */
export function TrialLimitDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  isNetwork,
  returnTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on closing (the dialog has no trigger to go back to). */
  onCloseAutoFocus?: (event: Event) => void;
  /** Others on the same network used the day's free runs. */
  isNetwork: boolean;
  /** Where signing up or in leads back to. */
  returnTo: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>
            {isNetwork
              ? 'Free extractions from your network are used up'
              : "You've used your free extractions"}
          </DialogTitle>
          <DialogDescription>
            {isNetwork
              ? "Someone on your network, such as your office or school, has used today's free extractions."
              : `You have used all ${PLAN.anonymousFreeExtractions} free extractions.`}{' '}
            Create a free account to keep going. Your content and columns are still here.
          </DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2 text-sm" aria-label="With an account you get">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              {benefit}
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="outline" asChild>
            <Link to={withRedirect('/sign-in', returnTo)}>Sign in</Link>
          </Button>
          <Button asChild>
            <Link to={withRedirect('/sign-up', returnTo)}>Sign up</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
