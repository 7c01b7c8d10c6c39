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
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
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
