import { Coins } from 'lucide-react';
import { Link } from 'react-router';
import { DropdownMenuItem, DropdownMenuLabel } from '../../../components/ui/dropdown-menu';
import { useCredits } from '../../../features/account/api/get-credits';
import { REQUEST_CREDITS_PATH } from '../../../features/runs/utils/credits-shortfall';

/** "7 of 10 credits left"; while it loads, or when it cannot be loaded, that is said instead. */
function useBalanceWords(): string {
  const credits = useCredits();
  if (credits.data) {
    const { credits_remaining: left, credits_total: total } = credits.data;
    return `${left.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${total === 1 ? 'credit' : 'credits'} left`;
  }
  return credits.isError ? 'Your balance could not be loaded' : 'Loading your balance…';
}

/** The account menu's balance and the way to ask for more (issue 32 point 9). */
export function CreditsMenuItems() {
  const words = useBalanceWords();
  return (
    <>
      <DropdownMenuLabel className="font-normal">{words}</DropdownMenuLabel>
      <DropdownMenuItem asChild>
        <Link to={REQUEST_CREDITS_PATH}>
          <Coins aria-hidden="true" />
          Request credits
        </Link>
      </DropdownMenuItem>
    </>
  );
}

/** The same in the phone menu's panel. */
export function CreditsPanelLinks({ onNavigate }: { onNavigate: () => void }) {
  const words = useBalanceWords();
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p aria-live="polite">{words}</p>
      <Link
        to={REQUEST_CREDITS_PATH}
        onClick={onNavigate}
        className="inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Coins aria-hidden="true" className="size-4" />
        Request credits
      </Link>
    </div>
  );
}
