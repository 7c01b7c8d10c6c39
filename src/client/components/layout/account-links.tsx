import { ChevronDown, LayoutDashboard, LogOut, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth-client';
import { useSignOut } from '../../lib/use-sign-out';
import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';

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
