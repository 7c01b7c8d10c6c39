import type { Job } from '../../src/shared/jobs';
import type { Browser } from './accounts';

// What tests of jobs share: a test app whose model is the fake, and waiting for a job to end.

/** The settings of a test app whose model is the fake (and never the offline fast path). */
export function fakeModelSettings(baseUrl: string): Record<string, string> {
  return { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: baseUrl, OFFLINE_FAST_PATH: 'false' };
}

/** Polls the job until it has ended (finished_at set), for up to 30 seconds. */
export async function waitForJobEnd(browser: Browser, id: string): Promise<Job> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const job = (await (await browser.request(`/api/jobs/${id}`)).json()) as Job;
    if (job.finished_at) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${id} did not end`);
}
