import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export type TcpProxy = {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string;
  /**
   * The database goes away: every open connection is reset and new ones are reset as they
   * arrive, as when PostgreSQL restarts or the network between them fails.
   */
  cut(): void;
  /**
   * The database stops answering without closing anything (a network that drops packets): open
   * connections stop passing data, new ones are accepted and left waiting.
   */
  stall(): void;
  /** Connections pass again (stalled ones resume). */
  restore(): void;
  readonly isCut: boolean;
  close(): Promise<void>;
};

/**
 * A small TCP proxy on 127.0.0.1 in front of a server (PostgreSQL in the fault tests), so that a
 * test can cut the connection without restarting a database others share.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let isCut = false;
  let isStalled = false;
  const server = createServer((client) => {
    if (isCut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    open.add(client).add(upstream);
    const end = () => {
      open.delete(client);
      open.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
    if (isStalled) {
      client.pause();
      upstream.pause();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const cutAll = () => {
    for (const socket of open) socket.resetAndDestroy();
    open.clear();
  };
  return {
    port,
    through(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    cut() {
      isCut = true;
      cutAll();
    },
    stall() {
      isStalled = true;
      for (const socket of open) socket.pause();
    },
    restore() {
      isCut = false;
      isStalled = false;
      for (const socket of open) socket.resume();
    },
    get isCut() {
      return isCut;
    },
    close() {
      cutAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
