import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import type { PopupProps } from '../ui/lazy-popup';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../ui/sheet';
import { PRODUCT_LINKS, navLinkClass } from './site-nav';

/** The header's Product menu (loaded on first use, see site-header.tsx). */
export function ProductMenu({ trigger, open, onOpenChange }: PopupProps) {
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
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
  );
}

const MOBILE_LINKS = [
  ...PRODUCT_LINKS,
  { to: '/about', label: 'About' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact' },
];

/** The header's menu on phones: every link, and the account links below them. */
export function MobileMenu({
  triggerRef,
  open,
  onOpenChange,
  accountLinks,
}: PopupProps & { accountLinks: ReactNode }) {
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      >
        <SheetTitle>Menu</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <nav aria-label="Mobile">
          <ul className="flex flex-col gap-1" onClick={close}>
            {MOBILE_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={navLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-2 flex flex-col gap-2 border-t pt-4" onClick={close}>
          {accountLinks}
        </div>
      </SheetContent>
    </Sheet>
  );
}
