import { FileClock, LayoutDashboard, Menu, Settings, Table2 } from 'lucide-react';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '../ui/sheet';

const APP_LINKS = [
  { to: '/dashboard', label: 'Dashboard', Icon: LayoutDashboard },
  { to: '/extract', label: 'Extract', Icon: Table2 },
  { to: '/history', label: 'History', Icon: FileClock },
  { to: '/settings', label: 'Settings', Icon: Settings },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-4',
    isActive ? 'bg-accent text-accent-foreground' : 'text-muted-foreground',
  );

function AppLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
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
  );
}

/** The signed-in area's navigation: a sidebar on wide screens. */
export function AppSidebar() {
  return (
    <nav aria-label="Account" className="hidden w-52 shrink-0 border-r py-6 pr-4 md:block">
      <AppLinks />
    </nav>
  );
}

/** The same links in a slide-out menu on phones. */
export function AppMobileMenu() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Sheet open={isOpen} onOpenChange={setIsOpen}>
      <SheetTrigger asChild>
        <Button variant="outline" size="sm" className="md:hidden">
          <Menu aria-hidden="true" />
          Account menu
        </Button>
      </SheetTrigger>
      <SheetContent side="left">
        <SheetTitle>Your account</SheetTitle>
        <SheetDescription className="sr-only">
          Dashboard, extract, history and settings
        </SheetDescription>
        <nav aria-label="Account (mobile)">
          <AppLinks onNavigate={() => setIsOpen(false)} />
        </nav>
      </SheetContent>
    </Sheet>
  );
}
