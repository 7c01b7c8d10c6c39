import { createBrowserRouter, type LazyRouteFunction, type RouteObject } from 'react-router';
import { APP_PAGES, PUBLIC_PAGES } from '../../shared/page-routes';
import { PublicLayout } from './routes/public-layout';
import { RouteError } from './routes/route-error';

type PageModule = LazyRouteFunction<RouteObject>;

/** Each public page's module; the type makes every page of PUBLIC_PAGES have one. */
const PUBLIC_MODULES: Record<keyof typeof PUBLIC_PAGES, PageModule> = {
  home: () => import('./routes/home'),
  about: () => import('./routes/about'),
  useCases: () => import('./routes/use-cases'),
  docs: () => import('./routes/docs'),
  apiReference: () => import('./routes/api-reference'),
  pricing: () => import('./routes/pricing'),
  terms: () => import('./routes/terms'),
  privacy: () => import('./routes/privacy'),
  contact: () => import('./routes/contact'),
  signIn: () => import('./routes/sign-in'),
  signUp: () => import('./routes/sign-up'),
  forgotPassword: () => import('./routes/forgot-password'),
  resetPassword: () => import('./routes/reset-password'),
  authCallback: () => import('./routes/auth-callback'),
};

const APP_MODULES: Record<keyof typeof APP_PAGES, PageModule> = {
  dashboard: () => import('./routes/dashboard'),
  extract: () => import('./routes/extract'),
  history: () => import('./routes/history'),
  settings: () => import('./routes/settings'),
};

/** Routes for a list of pages shared with the server (src/shared/page-routes.ts). */
function pageRoutes<Name extends string>(
  paths: Record<Name, string>,
  modules: Record<Name, PageModule>,
): RouteObject[] {
  return (Object.keys(paths) as Name[]).map((name) => ({
    path: paths[name],
    lazy: modules[name],
  }));
}

// The first page's chunk loads before anything renders; an empty page avoids a flash.
const hydrateFallbackElement = <div className="min-h-dvh" />;

/**
 * Every page is its own chunk, loaded when first visited. Public pages sit in the marketing
 * layout (header, footer); the signed-in pages in the app layout (sidebar, account menu). Any
 * other path shows the not-found page, which the server also answers with status 404.
 */
export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          ...pageRoutes(PUBLIC_PAGES, PUBLIC_MODULES),
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
  {
    lazy: () => import('./routes/app-layout'),
    errorElement: <RouteError />,
    hydrateFallbackElement,
    children: [{ errorElement: <RouteError />, children: pageRoutes(APP_PAGES, APP_MODULES) }],
  },
]);
