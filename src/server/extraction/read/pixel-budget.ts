// Decoded pixels are the memory a small file can multiply most: a 140 KB PNG of 36 megapixels
// decodes to 144 MB, outside the reading thread's heap cap. So every decode first reserves what
// it will hold, from a budget the read pool keeps for the whole process (read/pool/pixel-arbiter.ts,
// docs/decisions/008-read-isolation.md), and gives it back once those pixels are freed.

/** A reservation of decoded pixels, or the refusal of one that could never fit. */
export type PixelReservation = { release: () => void } | { isRefused: true; limitBytes: number };

export type PixelBudget = {
  /**
   * Waits until `bytes` of decoded pixels may be held, then answers the reservation; refuses at
   * once what is more than one read may hold. Hold one reservation at a time.
   */
  reserve(bytes: number): Promise<PixelReservation>;
};

/** No budget: for readers called directly, by tests and tools that read one file at a time. */
export const UNBUDGETED: PixelBudget = {
  reserve: () => Promise.resolve({ release: () => {} }),
};

/** Bytes of width × height pixels decoded as RGBA, as every decoder here holds them. */
export function rgbaBytes(width: number, height: number): number {
  return width * height * 4;
}

const MB = 1024 * 1024;

/** A byte count as people read it: `144 MB`. */
export function megabytes(bytes: number): string {
  return `${Math.ceil(bytes / MB)} MB`;
}
