import { Outlet, ScrollRestoration } from 'react-router';
import { SiteFooter } from '../../components/layout/site-footer';
import { AccountLinks } from '../../components/layout/account-links';
import { SiteHeader } from '../../components/layout/site-header';
import { ThemeMenu } from '../../features/theme/components/theme-menu';

export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <SiteHeader actions={<ThemeMenu />} accountLinks={<AccountLinks />} />
      <main id="main" className="flex-1" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
