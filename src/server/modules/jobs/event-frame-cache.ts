/**
 * Finished documents' rows as sent in their `document` events, bytes and all, kept in this
 * process while they are asked for again, under a key naming everything that could change them
 * (the document and its corrections). A finished job may be replayed by many clients at once
 * (every browser tab that opens it): each replay then writes the same bytes, instead of having
 * the database pick the rows out of the stored result again and this thread encode them again.
 * Least recently used first out, within `maxBytes`.
 */
export type EventFrameCache = {
  /** The most it keeps; a frame larger is not kept. */
  readonly maxBytes: number;
  get(key: string): Uint8Array | undefined;
  set(key: string, frame: Uint8Array): void;
};

export function createEventFrameCache(maxBytes: number): EventFrameCache {
  const frames = new Map<string, Uint8Array>();
  let size = 0;
  return {
    maxBytes,
    get(key) {
      const frame = frames.get(key);
      if (frame === undefined) return undefined;
      frames.delete(key);
      frames.set(key, frame);
      return frame;
    },
    set(key, frame) {
      if (frame.byteLength > maxBytes || frames.has(key)) return;
      frames.set(key, frame);
      size += frame.byteLength;
      for (const [oldest, old] of frames) {
        if (size <= maxBytes) break;
        frames.delete(oldest);
        size -= old.byteLength;
      }
    },
  };
}
