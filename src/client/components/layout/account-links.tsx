import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, LayoutDashboard, LogOut, UserRound } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { authClient, useAuth } from '../../lib/auth-client';
import { waitForSessionState } from '../../lib/session-store';
import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';

/** Signs out, forgets every cached account query and goes to /sign-in (SPEC.md section 4). */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    const { error } = await authClient.signOut();
    if (error) {
      console.warn('Sign-out failed', error);
      toast.error('Error', { description: 'We could not sign you out. Please try again.' });
      return;
    }
    // Until the session store has caught up, /sign-in would send a "signed-in" visitor back to
    // /dashboard; and the account queries go only once no signed-in page would refetch them.
    await waitForSessionState('signed-out');
    queryClient.removeQueries({ queryKey: ['account'] });
    await navigate('/sign-in');
  };
}

/**
 * The right-hand side of the header: Sign In and Get Started for visitors; a Dashboard button and
 * the account menu (email, Sign out) once signed in. Nothing while the session loads, so the
 * header does not flash the wrong buttons.
 */
export function AccountLinks() {
  const auth = useAuth();
  if (auth.status === 'loading') return <span className="h-9 w-24" aria-hidden="true" />;
  if (auth.status === 'signed-out')
    return (
      <>
        <Button variant="ghost" asChild>
          <Link to="/sign-in">Sign In</Link>
        </Button>
        <Button asChild>
          <Link to="/sign-up">Get Started</Link>
        </Button>
      </>
    );
  return (
    <>
      <Button variant="outline" asChild>
        <Link to="/dashboard">
          <LayoutDashboard aria-hidden="true" />
          Dashboard
        </Link>
      </Button>
      <AccountMenu email={auth.user.email} />
    </>
  );
}

function AccountMenu({ email }: { email: string }) {
  const signOut = useSignOut();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" aria-label={`Account menu for ${email}`}>
          <UserRound aria-hidden="true" />
          <span className="max-w-40 truncate">{email}</span>
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="truncate font-normal text-muted-foreground">
          {email}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
