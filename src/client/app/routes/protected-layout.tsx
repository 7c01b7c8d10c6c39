import { Navigate, Outlet, useLocation } from 'react-router';
import { AppMobileMenu, AppSidebar } from '../../components/layout/app-sidebar';
import { SessionLoading } from '../../components/layout/session-loading';
import { useAuth } from '../../lib/auth-client';

/**
 * The signed-in area (/dashboard, /extract, /history, /settings): a spinner while the session
 * loads, /sign-in (remembering the page asked for) when signed out, else the sidebar layout.
 */
export function Component() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <SessionLoading />;
  if (auth.status === 'signed-out') {
    const redirect = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  return (
    <div className="mx-auto flex w-full max-w-6xl gap-6 px-4 sm:px-6">
      <AppSidebar />
      <div className="min-w-0 flex-1 py-6">
        <div className="mb-4 md:hidden">
          <AppMobileMenu />
        </div>
        <Outlet />
      </div>
    </div>
  );
}
