import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export type AppendingProxy = { url: string; close: () => Promise<void> };

/**
 * A reverse proxy as nginx's `$proxy_add_x_forwarded_for` or most load balancers behave: it
 * passes each request on to `target` with the address it was reached from appended to
 * X-Forwarded-For, keeping whatever the client put there.
 */
export async function startAppendingProxy(target: string): Promise<AppendingProxy> {
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const seen = incoming.socket.remoteAddress ?? 'unknown';
    const earlier = incoming.headers['x-forwarded-for'];
    const headers = {
      ...incoming.headers,
      'x-forwarded-for': earlier ? `${String(earlier)}, ${seen}` : seen,
    };
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: incoming.url,
        method: incoming.method,
        headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
