import { describe, expect, it } from 'vitest';
import { createTurnLimit } from './turn-limit';

describe('createTurnLimit', () => {
  it('starts one task a turn, so other work runs between tasks that never pause', async () => {
    const limit = createTurnLimit(4);
    const order: string[] = [];
    // Tasks that finish without waiting for anything, as a SQLite query does; while the first
    // runs, other work becomes due (a request that just arrived).
    const tasks = ['a', 'b', 'c'].map((name) =>
      limit(() => {
        order.push(name);
        if (name === 'a') {
          setImmediate(() => order.push('other'));
        }
        return Promise.resolve(name);
      }),
    );
    expect(await Promise.all(tasks)).toEqual(['a', 'b', 'c']);
    expect(order).toEqual(['a', 'other', 'b', 'c']);
  });

  it('runs at most the given number at once', async () => {
    const limit = createTurnLimit(2);
    let running = 0;
    let most = 0;
    const task = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
    };
    await Promise.all(Array.from({ length: 6 }, () => limit(task)));
    expect(most).toBe(2);
  });
});
