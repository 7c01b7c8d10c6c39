import { networkError } from '../../../lib/api-client';

/**
 * The checks of what Run and Suggest Columns send (validate-run.ts), loaded on first use rather
 * than with the page: the form prefetches them when it is first focused.
 */
export const loadChecks = () =>
  import('./validate-run').catch(() => {
    throw networkError();
  });

export type Checks = Awaited<ReturnType<typeof loadChecks>>;
