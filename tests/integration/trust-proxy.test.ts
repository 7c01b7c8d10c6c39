import { afterEach, describe, expect, it } from 'vitest';
import { PASTED_TABLE, TEST_ORIGIN } from '../support/accounts';
import { startAppendingProxy, type AppendingProxy } from '../support/appending-proxy';
import { createTestApp, type TestApp } from '../support/create-test-app';
import { serveTestApp, type ServedApp } from '../support/serve-test-app';
import { TEST_DATABASES } from '../support/test-databases';

/**
 * TRUST_PROXY behind proxies that append to X-Forwarded-For, as deployed: a visitor may write
 * anything into the header, and must not be able to choose the address limits count by.
 */
describe('the client address behind appending proxies', () => {
  const opened: { close: () => Promise<void> }[] = [];
  afterEach(async () => {
    for (const thing of opened.splice(0).reverse()) await thing.close();
  });

  let testApp: TestApp;

  /** The app behind `hops` appending proxies; answers the outermost proxy's address. */
  async function behindProxies(hops: number, settings: Record<string, string>) {
    testApp = await createTestApp(TEST_DATABASES[0]!, settings);
    opened.push(testApp);
    const served: ServedApp = await serveTestApp(testApp);
    opened.push(served);
    let front = served.url;
    for (let i = 0; i < hops; i++) {
      const proxy: AppendingProxy = await startAppendingProxy(front);
      opened.push(proxy);
      front = proxy.url;
    }
    return front;
  }

  /** An anonymous run with no cookie and a made-up X-Forwarded-For, as a visitor could send. */
  const forgedRun = (front: string, index: number) =>
    fetch(`${front}/api/extractions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `198.51.100.${index + 1}`,
      },
      body: JSON.stringify(PASTED_TABLE),
    });

  it.each([
    { hops: 1, trust: 'true' },
    { hops: 1, trust: '1' },
    { hops: 2, trust: '2' },
  ])(
    'with $hops proxy(ies) and TRUST_PROXY=$trust, forged addresses get no extra free runs',
    async ({ hops, trust }) => {
      const front = await behindProxies(hops, {
        TRUST_PROXY: trust,
        TRIAL_RUNS: '3',
        TRIAL_RUNS_PER_ADDRESS_PER_DAY: '3',
      });
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await forgedRun(front, i)).status);
      expect(statuses).toEqual([200, 200, 200, 402, 402, 402, 402, 402]);
    },
  );

  it('holds the sign-in limit per address whatever the visitor writes', async () => {
    const front = await behindProxies(1, { TRUST_PROXY: 'true', AUTH_RATE_LIMIT: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${front}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: {
          origin: TEST_ORIGIN,
          'content-type': 'application/json',
          'x-forwarded-for': `203.0.113.${i + 1}`,
        },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'not a password' }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('records the address the proxy saw on a new session, not the one the visitor wrote', async () => {
    const front = await behindProxies(1, { TRUST_PROXY: 'true' });
    const response = await fetch(`${front}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: {
        origin: TEST_ORIGIN,
        'content-type': 'application/json',
        'x-forwarded-for': '198.51.100.66',
        'x-rowsmith-client-address': '198.51.100.67',
      },
      body: JSON.stringify({
        name: 'Proxied',
        email: 'proxied@example.com',
        password: 'long enough pw',
      }),
    });
    expect(response.status).toBe(200);
    const sessions = await testApp.db.selectFrom('sessions').select('ipAddress').execute();
    expect(sessions.map((session) => session.ipAddress)).toEqual(['127.0.0.1']);
  });

  it('ignores X-Forwarded-For entirely without TRUST_PROXY', async () => {
    const front = await behindProxies(0, {
      TRIAL_RUNS: '3',
      TRIAL_RUNS_PER_ADDRESS_PER_DAY: '3',
    });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await forgedRun(front, i)).status);
    expect(statuses).toEqual([200, 200, 200, 402]);
  });
});
