// 23 MB of `{"k0":1,"k1":1,…}` sent without an account to each endpoint that takes uploads, five
// times each, with its length declared and chunked: each answer, its time, and the slowest health
// check while it was sent (health asked one request after another, with no pause).
import { sendLargeBody } from '../../tests/support/send-large-body';
import { health, type BenchServer } from '../support/bench-server';

const MB = 1024 * 1024;
const BYTES = 23 * MB;
const TRIES = 5;
export const UPLOAD_ENDPOINTS = [
  '/api/documents/read',
  '/api/extractions',
  '/api/jobs',
  '/api/columns/suggest',
];

export type JsonBodyFigures = {
  idleHealthMs: number;
  rows: {
    path: string;
    sent: 'with its length' | 'chunked';
    answers: string;
    slowestMs: number;
    slowestHealthMs: number;
  }[];
};

/** Health asked back to back while `send` runs; answers its result and the slowest health. */
async function healthDuring<T>(base: string, send: () => Promise<T>) {
  let isSending = true;
  let slowestMs = 0;
  const probes = (async () => {
    while (isSending) slowestMs = Math.max(slowestMs, (await health(base)()).ms);
  })();
  const result = await send().finally(() => {
    isSending = false;
  });
  await probes;
  return { result, slowestMs };
}

export async function runJsonBodies(server: BenchServer): Promise<JsonBodyFigures> {
  const idle = await healthDuring(server.base, () => new Promise((done) => setTimeout(done, 2000)));
  const rows: JsonBodyFigures['rows'] = [];
  for (const path of UPLOAD_ENDPOINTS) {
    for (const declareLength of [true, false]) {
      const answers: string[] = [];
      let slowestMs = 0;
      let slowestHealthMs = 0;
      for (let i = 0; i < TRIES; i++) {
        const { result, slowestMs: healthMs } = await healthDuring(server.base, () =>
          sendLargeBody({ url: server.base, path, bytes: BYTES, declareLength, shape: 'keys' }),
        );
        const code = (JSON.parse(result.body) as { error?: { code?: string } }).error?.code;
        answers.push(`${result.status} ${code ?? ''}`.trim());
        slowestMs = Math.max(slowestMs, result.elapsedMs);
        slowestHealthMs = Math.max(slowestHealthMs, healthMs);
      }
      const counts = new Map<string, number>();
      for (const answer of answers) counts.set(answer, (counts.get(answer) ?? 0) + 1);
      rows.push({
        path,
        sent: declareLength ? 'with its length' : 'chunked',
        answers: [...counts].map(([answer, count]) => `${answer} ×${count}`).join(', '),
        slowestMs,
        slowestHealthMs,
      });
    }
  }
  return { idleHealthMs: idle.slowestMs, rows };
}
