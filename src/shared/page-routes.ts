/**
 * Every page of the web app, by name. The browser's router builds its routes from these lists and
 * the server answers a page path with index.html and status 200 only when it is on them (any
 * other path gets the app's not-found page with status 404), so the two cannot disagree. A
 * segment written `:name` matches any one segment, as in React Router.
 */
export const PUBLIC_PAGES = {
  home: '/',
  about: '/about',
  useCases: '/use-cases',
  docs: '/docs',
  apiReference: '/docs/api',
  pricing: '/pricing',
  terms: '/terms',
  privacy: '/privacy',
  contact: '/contact',
  signIn: '/sign-in',
  signUp: '/sign-up',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  authCallback: '/auth/callback',
} as const;

/** The signed-in pages, inside the app layout (sidebar, account menu). */
export const APP_PAGES = {
  dashboard: '/dashboard',
  extract: '/extract',
  history: '/history',
  settings: '/settings',
} as const;

export type PublicPage = keyof typeof PUBLIC_PAGES;
export type AppPage = keyof typeof APP_PAGES;

const PAGE_PATTERNS: readonly string[] = [
  ...Object.values(PUBLIC_PAGES),
  ...Object.values(APP_PAGES),
];

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/**
 * Whether `pattern` matches `pathname` the way React Router matches it: case-insensitive, with
 * or without a trailing slash, `:name` standing for any one non-empty segment.
 */
export function matchesPagePattern(pattern: string, pathname: string): boolean {
  const expected = segments(pattern);
  const actual = segments(pathname);
  if (expected.length !== actual.length) return false;
  return expected.every(
    (segment, index) =>
      segment.startsWith(':') || segment.toLowerCase() === actual[index]?.toLowerCase(),
  );
}

/** Whether `pathname` (already decoded, without the query) is one of the app's pages. */
export function isPagePath(pathname: string): boolean {
  return PAGE_PATTERNS.some((pattern) => matchesPagePattern(pattern, pathname));
}
