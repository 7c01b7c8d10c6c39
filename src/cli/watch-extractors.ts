import { AppError } from '../shared/errors';
import type { localExtractor } from './local-extract';
import { RemoteError, runRemoteJob, type RemoteRun, type RemoteServer } from './remote-extract';
import type { WatchContext } from './watch-file';
import { outcomeOf } from './watch-outcome';

/** Each file's bytes through this machine's pipeline. */
export function localFileExtractor(
  run: ReturnType<typeof localExtractor>,
  signal: AbortSignal,
): WatchContext['extract'] {
  return async (name, bytes) => {
    try {
      return outcomeOf(await run({ kind: 'file', bytes, fileName: name, mimeType: null }, signal));
    } catch (error) {
      if (error instanceof AppError) return { error: error.message };
      throw error;
    }
  };
}

/** Each file's bytes (those read, not the path again) as a job on a server. */
export function remoteFileExtractor(server: RemoteServer, run: RemoteRun): WatchContext['extract'] {
  return async (name, bytes) => {
    try {
      const { job, documents } = await runRemoteJob(server, [{ name, bytes }], run);
      return outcomeOf(documents[0]?.result, job.documents[0]?.message);
    } catch (error) {
      if (error instanceof RemoteError) return { error: error.message };
      throw error;
    }
  };
}
