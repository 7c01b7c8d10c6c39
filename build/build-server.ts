// `npm run build`'s second half: the server, CLI and workers as JavaScript in dist/server.
import { rm } from 'node:fs/promises';
import { buildServer, SERVER_OUT_DIR } from './server-bundle';

await rm(SERVER_OUT_DIR, { recursive: true, force: true });
await buildServer();
