import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { TestApp } from './create-test-app';

export type ServedApp = { url: string; port: number; close: () => Promise<void> };

/**
 * Serves a test app on a real socket (127.0.0.1, a free port), as `rowsmith serve` does, for
 * tests about what travels over the wire: bodies that must not be read, the connection's address.
 */
export async function serveTestApp(testApp: TestApp): Promise<ServedApp> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: testApp.app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started),
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
