import { createBrowserRouter } from 'react-router';
import { PublicLayout } from './routes/public-layout';
import { RouteError } from './routes/route-error';

/** Every page is its own chunk, loaded when first visited. */
export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    // The first page's chunk loads before anything renders; an empty page avoids a flash.
    hydrateFallbackElement: <div className="min-h-dvh" />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: () => import('./routes/home') },
          { path: 'about', lazy: () => import('./routes/about') },
          { path: 'use-cases', lazy: () => import('./routes/use-cases') },
          { path: 'docs', lazy: () => import('./routes/docs') },
          { path: 'pricing', lazy: () => import('./routes/pricing') },
          { path: 'terms', lazy: () => import('./routes/terms') },
          { path: 'privacy', lazy: () => import('./routes/privacy') },
          { path: 'contact', lazy: () => import('./routes/contact') },
          { path: 'sign-in', lazy: () => import('./routes/sign-in') },
          { path: 'sign-up', lazy: () => import('./routes/sign-up') },
          { path: 'forgot-password', lazy: () => import('./routes/forgot-password') },
          { path: 'reset-password', lazy: () => import('./routes/reset-password') },
          { path: 'auth/callback', lazy: () => import('./routes/auth-callback') },
          {
            lazy: () => import('./routes/protected-layout'),
            children: [
              { path: 'dashboard', lazy: () => import('./routes/dashboard') },
              { path: 'extract', lazy: () => import('./routes/extract') },
              { path: 'history', lazy: () => import('./routes/history') },
              { path: 'settings', lazy: () => import('./routes/settings') },
            ],
          },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
]);
