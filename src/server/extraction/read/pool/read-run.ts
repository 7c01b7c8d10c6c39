import { MessageChannel } from 'node:worker_threads';
import type { PixelArbiter } from './pixel-arbiter';
import type { PixelAnswer, ReadProgress } from './read-task';

export type RunOptions = {
  timeoutMs: number;
  pixels: PixelArbiter;
  /** What one read may hold, told to a read refused for asking more. */
  readPixelBytes: number;
  signal?: AbortSignal;
  onPage?: (page: number, pages: number) => void;
};

let lastRun = 0;

/**
 * One read as the web thread follows it: its channel to the thread, its deadline (from the
 * moment a thread starts it), and the decoded pixels it holds, all given back when it ends.
 */
export function startRun(options: RunOptions) {
  const run = ++lastRun;
  const { port1, port2 } = new MessageChannel();
  const controller = new AbortController();
  const granted = new Map<number, number>();
  let deadline: NodeJS.Timeout | undefined;
  let isPastDeadline = false;
  let isEnded = false;
  const answer = (message: PixelAnswer) => {
    if (!isEnded) port1.postMessage(message);
  };
  port1.on('message', (message: ReadProgress) => {
    if (message.type === 'page') options.onPage?.(message.page, message.pages);
    else if (message.type === 'pixels') {
      const { id, bytes } = message;
      void options.pixels.request(run, bytes).then((isGranted) => {
        if (isGranted) granted.set(id, bytes);
        answer({ type: 'pixels', id, isGranted, limitBytes: options.readPixelBytes });
      });
    } else if (message.type === 'pixels-freed') {
      options.pixels.release(run, granted.get(message.id) ?? 0);
      granted.delete(message.id);
    } else
      deadline ??= setTimeout(() => {
        isPastDeadline = true;
        controller.abort(new Error('read deadline'));
      }, options.timeoutMs);
  });
  const forwardAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forwardAbort, { once: true });
  return {
    port: port2,
    signal: controller.signal,
    isPastDeadline: () => isPastDeadline,
    end: () => {
      isEnded = true;
      clearTimeout(deadline);
      options.signal?.removeEventListener('abort', forwardAbort);
      options.pixels.endRead(run);
      port1.close();
    },
  };
}
