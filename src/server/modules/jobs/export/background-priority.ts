import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The nice value of a background thread: under contention it gets about a tenth of the CPU a thread at 0 gets. */
const BACKGROUND_NICE = 10;

/**
 * Lowers the calling thread's scheduling priority, so that when the machine is busy the thread
 * serving requests gets the CPU first. Linux keeps a nice value per thread (its id is the last
 * part of /proc/thread-self), which threads it starts inherit. Elsewhere, or where it is not
 * allowed, the thread keeps its priority: this is a preference, not a limit.
 */
export function lowerThreadPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, BACKGROUND_NICE);
  } catch {
    // Not Linux, or not allowed.
  }
}
