import { BookOpen, ChevronDown, LayoutGrid, Menu } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '../ui/sheet';
import { Logo } from './logo';

const PRODUCT_LINKS = [
  {
    to: '/use-cases',
    label: 'Use Cases',
    description: 'What people turn into tables',
    Icon: LayoutGrid,
  },
  { to: '/docs', label: 'Documentation', description: 'Guides and the API', Icon: BookOpen },
];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground',
    isActive ? 'text-foreground' : 'text-muted-foreground',
  );

/**
 * The site header. `actions` holds the right-hand side: the theme menu and either the anonymous
 * Sign In / Get Started buttons or, once accounts exist, the signed-in account menu.
 */
export function SiteHeader({
  actions,
  accountLinks,
}: {
  actions: ReactNode;
  accountLinks: ReactNode;
}) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 md:flex">
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                className="text-muted-foreground data-[state=open]:text-foreground"
              >
                Product
                <ChevronDown aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start" className="w-64">
              {PRODUCT_LINKS.map(({ to, label, description, Icon }) => (
                <DropdownMenuItem key={to} asChild>
                  <Link to={to} className="items-start py-2">
                    <Icon aria-hidden="true" className="mt-0.5 text-primary" />
                    <span className="flex flex-col">
                      <span className="font-medium">{label}</span>
                      <span className="text-xs text-muted-foreground">{description}</span>
                    </span>
                  </Link>
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
          <NavLink to="/about" className={navLinkClass}>
            About
          </NavLink>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {actions}
          <div className="hidden items-center gap-2 md:flex">{accountLinks}</div>
          <MobileMenu accountLinks={accountLinks} />
        </div>
      </div>
    </header>
  );
}

function MobileMenu({ accountLinks }: { accountLinks: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  const links = [
    ...PRODUCT_LINKS,
    { to: '/about', label: 'About' },
    { to: '/pricing', label: 'Pricing' },
    { to: '/contact', label: 'Contact' },
  ];
  return (
    <Sheet open={isOpen} onOpenChange={setIsOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <Menu aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent>
        <SheetTitle>Menu</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <nav aria-label="Mobile">
          <ul className="flex flex-col gap-1" onClick={() => setIsOpen(false)}>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={navLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-2 flex flex-col gap-2 border-t pt-4" onClick={() => setIsOpen(false)}>
          {accountLinks}
        </div>
      </SheetContent>
    </Sheet>
  );
}
