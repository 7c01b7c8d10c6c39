// The export pool's threads start here. Worker threads do not inherit the TypeScript loader of
// the process that made them, so the worker module is loaded through tsx explicitly.
import { tsImport } from 'tsx/esm/api';

// eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- plain JS: tsImport is untyped here
const { default: exportTask } = await tsImport('./export-worker.ts', import.meta.url);
export default exportTask;
