/**
 * Finished documents' `document` events as sent, bytes and all, kept in this process while they
 * are asked for again. A finished document's event never changes, and a finished job may be
 * replayed by many clients at once (every browser tab that opens it): each replay then writes
 * the same bytes, instead of having the database pick the rows out of the stored result again
 * and this thread build and encode them again. Least recently used first out, within `maxBytes`.
 */
export type EventFrameCache = {
  get(eventId: number): Uint8Array | undefined;
  set(eventId: number, frame: Uint8Array): void;
};

export function createEventFrameCache(maxBytes: number): EventFrameCache {
  const frames = new Map<number, Uint8Array>();
  let size = 0;
  return {
    get(eventId) {
      const frame = frames.get(eventId);
      if (frame === undefined) return undefined;
      frames.delete(eventId);
      frames.set(eventId, frame);
      return frame;
    },
    set(eventId, frame) {
      if (frame.byteLength > maxBytes || frames.has(eventId)) return;
      frames.set(eventId, frame);
      size += frame.byteLength;
      for (const [oldest, old] of frames) {
        if (size <= maxBytes) break;
        frames.delete(oldest);
        size -= old.byteLength;
      }
    },
  };
}
