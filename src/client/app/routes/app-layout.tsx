import { Navigate, Outlet, useLocation } from 'react-router';
import { AppAccountMenu } from '../../components/layout/app-account-menu';
import { AppPhoneMenu } from '../../components/layout/app-phone-menu';
import { AppShell } from '../../components/layout/app-shell';
import { AppSidebar } from '../../components/layout/app-sidebar';
import { PageScrollRestoration } from '../../components/layout/page-scroll-restoration';
import { SessionLoading } from '../../components/layout/session-loading';
import { useProfile } from '../../features/account/api/get-profile';
import { VerifyEmailBanner } from '../../features/auth/components/verify-email-banner';
import { ThemeChoice } from '../../features/theme/components/theme-choice';
import { ThemeMenuItems } from '../../features/theme/components/theme-menu-items';
import { useAuth } from '../../lib/session';
import { CreditsMenuItems, CreditsPanelLinks } from './shared/credits-balance';

/**
 * The signed-in area (/dashboard, /extract, /history, /settings): a spinner while the session
 * loads, /sign-in (remembering the page asked for) when signed out, else the app layout with its
 * sidebar and account menu.
 */
export function Component() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading')
    return (
      <main id="main">
        <SessionLoading />
      </main>
    );
  if (auth.status === 'signed-out') {
    const redirect = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  const { email } = auth.user;
  return (
    <AppShell
      sidebar={
        <AppSidebar
          accountMenu={
            <AppAccountMenu
              email={email}
              creditItems={<CreditsMenuItems />}
              themeItems={<ThemeMenuItems />}
            />
          }
        />
      }
      phoneMenu={
        <AppPhoneMenu
          email={email}
          themeChoice={<ThemeChoice />}
          credits={(close) => <CreditsPanelLinks onNavigate={close} />}
        />
      }
    >
      <EmailToConfirm />
      <Outlet />
      <PageScrollRestoration />
    </AppShell>
  );
}

/** Above every signed-in page while the account's sign-up credits wait for its address. */
function EmailToConfirm() {
  const profile = useProfile();
  const waiting = profile.data?.credits_awaiting_verification ?? 0;
  if (!profile.data || waiting <= 0) return null;
  return <VerifyEmailBanner email={profile.data.email} credits={waiting} />;
}
