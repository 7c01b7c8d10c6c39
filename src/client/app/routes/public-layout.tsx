import { Outlet } from 'react-router';
import { AccountLinks } from '../../components/layout/account-links';
import { PageScrollRestoration } from '../../components/layout/page-scroll-restoration';
import { SiteFooter } from '../../components/layout/site-footer';
import { SiteHeader } from '../../components/layout/site-header';
import { SkipLink } from '../../components/layout/skip-link';
import { ThemeMenu } from '../../features/theme/components/theme-menu';

export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader actions={<ThemeMenu />} accountLinks={<AccountLinks />} />
      <main id="main" className="flex-1" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <PageScrollRestoration />
    </div>
  );
}
