/**
 * The process's budget of decoded pixels, kept on the web thread for every reading thread of
 * the pool (a thread may be stopped at any instruction, so what it holds is counted here and
 * given back when its read ends, however it ends). Requests wait in order of arrival; a read
 * that already holds pixels goes first, so that two reads never wait for each other.
 */
export type PixelArbiter = {
  /** Resolves true once `bytes` are held for the read; false when they could never be. */
  request(read: number, bytes: number): Promise<boolean>;
  release(read: number, bytes: number): void;
  /** Gives back everything the read holds and drops what it waits for. */
  endRead(read: number): void;
  /** Bytes held now, by every read. */
  usedBytes(): number;
};

export type PixelLimits = {
  /** What all reads of the process may hold at once. */
  processBytes: number;
  /** What one read may hold at once. */
  readBytes: number;
};

type Waiter = { read: number; bytes: number; grant: (isGranted: boolean) => void };

export function createPixelArbiter(limits: PixelLimits): PixelArbiter {
  const held = new Map<number, number>();
  let used = 0;
  let waiting: Waiter[] = [];
  const hold = (read: number, bytes: number) => {
    held.set(read, (held.get(read) ?? 0) + bytes);
    used += bytes;
  };
  const pump = () => {
    const ordered = [
      ...waiting.filter((waiter) => held.has(waiter.read)),
      ...waiting.filter((waiter) => !held.has(waiter.read)),
    ];
    for (const waiter of ordered) {
      if (used + waiter.bytes > limits.processBytes) break;
      hold(waiter.read, waiter.bytes);
      waiting = waiting.filter((other) => other !== waiter);
      waiter.grant(true);
    }
  };
  const release = (read: number, bytes: number) => {
    const holding = held.get(read) ?? 0;
    const given = Math.min(holding, bytes);
    if (holding - given > 0) held.set(read, holding - given);
    else held.delete(read);
    used -= given;
    pump();
  };
  return {
    request(read, bytes) {
      const wanted = (held.get(read) ?? 0) + bytes;
      if (wanted > Math.min(limits.readBytes, limits.processBytes)) return Promise.resolve(false);
      return new Promise((grant) => {
        waiting.push({ read, bytes, grant });
        pump();
      });
    },
    release,
    endRead(read) {
      for (const waiter of waiting.filter((other) => other.read === read)) waiter.grant(false);
      waiting = waiting.filter((waiter) => waiter.read !== read);
      release(read, held.get(read) ?? 0);
    },
    usedBytes: () => used,
  };
}
