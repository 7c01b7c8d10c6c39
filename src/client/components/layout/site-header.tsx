import { ChevronDown, Menu } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Button } from '../ui/button';
import { LazyPopup } from '../ui/lazy-popup';
import { Logo } from './logo';
import { navLinkClass } from './site-nav';

const loadProductMenu = () => import('./site-header-menus').then((m) => m.ProductMenu);
const loadMobileMenu = () => import('./site-header-menus').then((m) => m.MobileMenu);

/**
 * The site header. `actions` holds the right-hand side: the theme menu; `accountLinks` either
 * the anonymous Sign In / Get Started buttons or the signed-in Dashboard button and account
 * menu. Its menus load when first used (components/ui/lazy-popup.tsx).
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
          <LazyPopup
            kind="menu"
            load={loadProductMenu}
            props={{}}
            trigger={
              <Button
                variant="ghost"
                className="text-muted-foreground data-[state=open]:text-foreground"
              >
                Product
                <ChevronDown aria-hidden="true" />
              </Button>
            }
          />
          <NavLink to="/about" className={navLinkClass}>
            About
          </NavLink>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {actions}
          <div className="hidden items-center gap-2 md:flex">{accountLinks}</div>
          <div className="md:hidden">
            <LazyPopup
              kind="dialog"
              load={loadMobileMenu}
              props={{ accountLinks }}
              trigger={
                <Button variant="ghost" size="icon" aria-label="Open menu">
                  <Menu aria-hidden="true" />
                </Button>
              }
            />
          </div>
        </div>
      </div>
    </header>
  );
}
