import { ChevronDown, LayoutDashboard, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/session';
import { Button } from '../ui/button';
import { LazyPopup } from '../ui/lazy-popup';

const loadAccountMenu = () => import('./account-menu').then((m) => m.AccountMenu);

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
  const { email } = auth.user;
  return (
    <>
      <Button variant="outline" asChild>
        <Link to="/dashboard">
          <LayoutDashboard aria-hidden="true" />
          Dashboard
        </Link>
      </Button>
      <LazyPopup
        kind="menu"
        load={loadAccountMenu}
        props={{ email }}
        trigger={
          <Button variant="ghost" aria-label={`Account menu for ${email}`}>
            <UserRound aria-hidden="true" />
            <span className="max-w-40 truncate">{email}</span>
            <ChevronDown aria-hidden="true" />
          </Button>
        }
      />
    </>
  );
}
