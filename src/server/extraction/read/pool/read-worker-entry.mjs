// The read pool's worker threads start here. Worker threads do not inherit the TypeScript loader
// of the process that made them, so the worker module is loaded through tsx explicitly.
import { tsImport } from 'tsx/esm/api';

// eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- plain JS: tsImport is untyped here
const { default: readTask } = await tsImport('./read-worker.ts', import.meta.url);
export default readTask;
