import { createHash } from 'node:crypto';
import { jobCorrectionIds } from '../corrections/document-corrections';
import type { FrameDeps } from './job-event-frames';
import { selectDocuments, type JobRow } from './jobs.queries';
import { streamEventLog } from './stream-event-log';

/**
 * A finished job's events, from a given event on, as sent, kept whole in the event frame cache:
 * a replay asked for again is then one write, instead of a query and an encoding for each event
 * on this thread. Replays of the same job asked for at once (every tab that opens it, a client's
 * retries) wait for the one being built, then each waits for its turn (request-turns.ts) to be
 * written: a hundred writes at once would hold the thread as long as a hundred replays did.
 */
export type ReplayDeps = FrameDeps & {
  replaysBeingBuilt: Map<string, Promise<Uint8Array | null>>;
  turn: () => Promise<void>;
};

/**
 * A finished job's log no longer grows; what its frames show that can still change is the job,
 * its documents and its corrections (a status event's review summary, the end event's job, a
 * document's rows), so they name the replay: the key changes when any of them does, whichever
 * process changed it.
 */
async function replayKey(deps: FrameDeps, job: JobRow, after: number): Promise<string> {
  const { db } = deps.reading;
  const [documents, corrections] = await deps.queries(() =>
    Promise.all([selectDocuments(db, [job.id]), jobCorrectionIds(db, job.id)]),
  );
  const state = createHash('sha256')
    .update(JSON.stringify([job, documents, corrections]))
    .digest('base64url');
  return `replay|${job.id}|${after}|${state}`;
}

/**
 * A finished job's events after `after`, as sent; null when they are not all in the log yet (a
 * refused job's end is written just after it) or larger than the cache keeps.
 */
export async function finishedReplay(
  deps: ReplayDeps,
  job: JobRow,
  after: number,
): Promise<Uint8Array | null> {
  const key = await replayKey(deps, job, after);
  const kept = deps.frames.get(key);
  if (kept) return kept;
  const building = deps.replaysBeingBuilt.get(key);
  if (building) {
    const built = await building;
    await deps.turn();
    return built;
  }
  const built = buildReplay(deps, job, after, key).finally(() =>
    deps.replaysBeingBuilt.delete(key),
  );
  deps.replaysBeingBuilt.set(key, built);
  return built;
}

async function buildReplay(
  deps: FrameDeps,
  job: JobRow,
  after: number,
  key: string,
): Promise<Uint8Array | null> {
  const recording = recordingWriter(deps.frames.maxBytes);
  const signal = new AbortController().signal;
  const hasEnded = await streamEventLog(deps, {
    job,
    after,
    stream: recording,
    signal,
    waits: false,
  });
  const bytes = recording.bytes();
  if (!hasEnded || !bytes) return null;
  // A correction made while it was read may show in part of it: kept only if none was.
  if ((await replayKey(deps, job, after)) !== key) return null;
  deps.frames.set(key, bytes);
  return bytes;
}

const encoder = new TextEncoder();

/** Keeps what is written to it while it stays within `maxBytes`; `bytes()` null once past. */
function recordingWriter(maxBytes: number) {
  let parts: Uint8Array[] | null = [];
  let size = 0;
  const write = (part: string | Uint8Array) => {
    const bytes = typeof part === 'string' ? encoder.encode(part) : part;
    size += bytes.byteLength;
    if (size > maxBytes) parts = null;
    parts?.push(bytes);
    return Promise.resolve();
  };
  const bytes = () => (parts ? Buffer.concat(parts) : null);
  return { write, bytes };
}
