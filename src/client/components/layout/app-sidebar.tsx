import { FileClock, LayoutDashboard, Settings, Table2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { APP_PAGES } from '../../../shared/page-routes';
import { cn } from '../../lib/utils';
import { Logo } from './logo';

const APP_LINKS = [
  { to: APP_PAGES.dashboard, label: 'Dashboard', Icon: LayoutDashboard },
  { to: APP_PAGES.extract, label: 'Extract', Icon: Table2 },
  { to: APP_PAGES.history, label: 'History', Icon: FileClock },
  { to: APP_PAGES.settings, label: 'Settings', Icon: Settings },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-4',
    isActive ? 'bg-accent text-accent-foreground' : 'text-muted-foreground',
  );

/** The signed-in pages, as a list of links; the current one is marked. */
export function AppNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Account">
      <ul className="flex flex-col gap-1">
        {APP_LINKS.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink to={to} className={linkClass} onClick={onNavigate}>
              <Icon aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The app layout's sidebar on wide screens: the product name at the top, the pages, and the
 * account menu at its foot. It stays in view while the page scrolls.
 */
export function AppSidebar({ accountMenu }: { accountMenu: ReactNode }) {
  return (
    <aside
      aria-label="Sidebar"
      className="sticky top-0 hidden h-dvh w-60 shrink-0 flex-col border-r bg-muted/40 md:flex"
    >
      <div className="flex h-16 items-center px-5">
        <Logo />
      </div>
      <div className="flex-1 overflow-y-auto px-3 py-4">
        <AppNav />
      </div>
      <div className="border-t p-3">{accountMenu}</div>
    </aside>
  );
}
