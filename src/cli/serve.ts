import { loadEnv } from '../server/env';
import { startServer } from '../server/index';
import { parseCommandLine, wholeNumberOption } from './command-line';

const USAGE = `Usage: rowsmith serve [--port N]

Starts the web app and the API, with settings from the environment and .env (see
.env.example); runs until SIGTERM or Ctrl+C, then finishes the requests in flight.
  --port N   listen on port N instead of PORT (3000)`;

/** `rowsmith serve`: runs until SIGTERM or SIGINT, then shuts down gracefully and exits 0. */
export async function serveCommand(args: string[]): Promise<number> {
  const line = parseCommandLine(args, USAGE, {
    options: { port: { type: 'string' } },
    allowPositionals: false,
  });
  if (!line) return 0;
  const port = wholeNumberOption(line.values.port, {
    name: '--port',
    min: 0,
    max: 65535,
    usage: USAGE,
  });
  const server = await startServer(loadEnv({ PORT: port?.toString() }));

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
