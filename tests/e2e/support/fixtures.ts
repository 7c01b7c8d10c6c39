import { test as base, expect } from '@playwright/test';

type ConsoleErrors = {
  /** Declares an error this test provokes on purpose (a refused request, say). */
  allow: (pattern: RegExp) => void;
};

/**
 * A page that fails the test on any console error or uncaught exception, which includes
 * Content-Security-Policy violations.
 */
export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      // A page the server answers with 404 on purpose (an unknown path) is not a failed load.
      const pagesAnswered404 = new Set<string>();
      page.on('response', (response) => {
        if (response.status() === 404 && response.request().isNavigationRequest())
          pagesAnswered404.add(response.url());
      });
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const isPage404 =
          message.text().startsWith('Failed to load resource') &&
          pagesAnswered404.has(message.location().url);
        if (!isPage404) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = errors.filter((error) => !allowed.some((pattern) => pattern.test(error)));
      expect(unexpected, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
