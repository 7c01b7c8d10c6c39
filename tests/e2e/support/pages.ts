/** Every public route and the heading a visitor sees first on it. */
export const PUBLIC_PAGES: { path: string; heading: RegExp }[] = [
  { path: '/', heading: /./ },
  { path: '/about', heading: /about/i },
  { path: '/use-cases', heading: /use cases/i },
  { path: '/docs', heading: /documentation/i },
  { path: '/docs/api', heading: /api reference/i },
  { path: '/pricing', heading: /pricing|plan/i },
  { path: '/terms', heading: /terms/i },
  { path: '/privacy', heading: /privacy/i },
  { path: '/contact', heading: /contact/i },
  { path: '/this-page-does-not-exist', heading: /not found/i },
];
