import { AppError } from '../../../shared/errors';
import type { JobViewer } from './job-access';

/**
 * How many job event streams each person holds open in this process. A stream costs a
 * connection and a loop polling the database, so one person opening hundreds would slow
 * everyone; past `max`, opening another answers 429 TOO_MANY_EVENT_STREAMS.
 */
export type EventStreamLimit = {
  /** Takes a place for the viewer, or throws; call the answer when the stream ends. */
  open(viewer: JobViewer): () => void;
};

function keyOf(viewer: JobViewer): string | null {
  if ('operator' in viewer) return null;
  return 'userId' in viewer ? `user:${viewer.userId}` : `visitor:${viewer.visitorKey}`;
}

export function createEventStreamLimit(max: number): EventStreamLimit {
  const open = new Map<string, number>();
  return {
    open(viewer) {
      const key = keyOf(viewer);
      if (key === null) return () => {};
      const count = open.get(key) ?? 0;
      if (count >= max) throw new AppError('TOO_MANY_EVENT_STREAMS', { params: { max } });
      open.set(key, count + 1);
      let isClosed = false;
      return () => {
        if (isClosed) return;
        isClosed = true;
        const left = (open.get(key) ?? 1) - 1;
        if (left > 0) open.set(key, left);
        else open.delete(key);
      };
    },
  };
}
