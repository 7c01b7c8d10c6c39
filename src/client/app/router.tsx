import { createBrowserRouter } from 'react-router';
import { PublicLayout } from './routes/public-layout';
import { RouteError } from './routes/route-error';

/** Every page is its own chunk, loaded when first visited. */
export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
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
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
]);
