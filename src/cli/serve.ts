import { parseArgs } from 'node:util';
import { loadEnv } from '../server/env';
import { startServer } from '../server/index';

/** `rowsmith serve`: runs until SIGTERM or SIGINT, then shuts down gracefully and exits 0. */
export async function serveCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { port: { type: 'string' } } });
  const server = await startServer(loadEnv({ PORT: values.port }));

  return new Promise<number>((resolveExit) => {
    let isStopping = false;
    const onSignal = () => {
      if (isStopping) return;
      isStopping = true;
      server.stop().then(
        () => resolveExit(0),
        (error: unknown) => {
          console.error('Shutdown failed', error);
          resolveExit(1);
        },
      );
    };
    process.once('SIGTERM', onSignal);
    process.once('SIGINT', onSignal);
  });
}
