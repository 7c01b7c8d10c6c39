import type { MessagePort } from 'node:worker_threads';
import type { PixelBudget } from '../pixel-budget';
import type { PixelAnswer, ReadProgress } from './read-task';

/**
 * Collects the thread's garbage: the pixels of decoders and canvases no longer used are freed
 * only then (the gc function comes from the flag read-lane.ts sets before threads start).
 */
function freeGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/**
 * The process's pixel budget, as a reading thread reaches it: each reservation is asked of the
 * web thread over the read's channel and waits for its answer; giving it back first frees what
 * the decode left behind, so that what the budget counts as freed really is.
 */
export function portPixelBudget(port: MessagePort): PixelBudget {
  const pending = new Map<number, (answer: PixelAnswer) => void>();
  let lastId = 0;
  port.on('message', (answer: PixelAnswer) => {
    pending.get(answer.id)?.(answer);
    pending.delete(answer.id);
  });
  const send = (message: ReadProgress) => port.postMessage(message);
  return {
    async reserve(bytes) {
      const id = ++lastId;
      const answer = await new Promise<PixelAnswer>((resolve) => {
        pending.set(id, resolve);
        send({ type: 'pixels', id, bytes });
      });
      if (!answer.isGranted) return { isRefused: true, limitBytes: answer.limitBytes };
      let isReleased = false;
      return {
        release: () => {
          if (isReleased) return;
          isReleased = true;
          freeGarbage();
          send({ type: 'pixels-freed', id });
        },
      };
    },
  };
}
