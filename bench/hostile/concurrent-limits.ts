// Limits per user under concurrent requests (issue 28): for each, an account brought to ten
// below its limit (schedules and credit requests: none held), then 20 requests at once; what was
// created against the limit, and what the refused ones were told.
import type { Extractor } from '../../src/shared/extractors';
import { signUpOn, type SignedIn } from '../support/bench-account';
import type { BenchServer } from '../support/bench-server';

const AT_ONCE = 20;
const SCHEDULES_PER_USER = 5;
const COLUMNS = [{ name: 'item', type: 'text' }];

export const CONCURRENT_LIMITS = {
  atOnce: AT_ONCE,
  settings: { ALLOW_PRIVATE_URLS: 'true', SCHEDULES_PER_USER: String(SCHEDULES_PER_USER) },
};

export type LimitFigures = {
  name: string;
  limit: number;
  heldBefore: number;
  created: number;
  heldAfter: number;
  /** The refused answers, as `409 EXTRACTOR_LIMIT_REACHED ×10`. */
  refusals: string;
};

type LimitCase = {
  name: string;
  limit: number;
  /** Brings the account to where the race starts; answers what it then holds. */
  prepare: (user: SignedIn) => Promise<number>;
  send: (user: SignedIn, index: number) => Promise<Response>;
  held: (user: SignedIn) => Promise<number>;
};

const json = async <T>(response: Promise<Response>) => (await (await response).json()) as T;
const createExtractor = (user: SignedIn, name: string) =>
  user.call('/api/extractors', { json: { name, columns: COLUMNS } });
const countExtractors = async (user: SignedIn) =>
  (await json<{ extractors: Extractor[] }>(user.call('/api/extractors'))).extractors.length;

async function createMany(count: number, create: (index: number) => Promise<Response>) {
  for (let index = 0; index < count; index++) {
    const answer = await create(index);
    if (answer.status >= 300) throw new Error(`preparing answered ${await answer.text()}`);
  }
  return count;
}

const extractorIds = new WeakMap<SignedIn, string[]>();

const CASES: LimitCase[] = [
  {
    name: 'schedules per user',
    limit: SCHEDULES_PER_USER,
    prepare: async (user) => {
      const ids: string[] = [];
      for (let index = 0; index < AT_ONCE; index++)
        ids.push((await json<Extractor>(createExtractor(user, `Page ${index}`))).id);
      extractorIds.set(user, ids);
      return 0;
    },
    send: (user, index) =>
      user.call(`/api/extractors/${extractorIds.get(user)![index]}/schedule`, {
        method: 'PUT',
        json: { url: `http://127.0.0.1:9/page-${index}`, every: 'weekly' },
      }),
    held: async (user) =>
      (await json<{ schedules_in_use: number }>(user.call('/api/extractors/automation')))
        .schedules_in_use,
  },
  {
    name: 'extractors per user',
    limit: 100,
    prepare: (user) => createMany(90, (index) => createExtractor(user, `Kept ${index}`)),
    send: (user, index) => createExtractor(user, `Raced ${index}`),
    held: countExtractors,
  },
  {
    name: 'open credit requests',
    limit: 1,
    prepare: () => Promise.resolve(0),
    send: (user) =>
      user.call('/api/credit-requests', {
        json: { credits: 50, message: 'Monthly statements for my bookkeeping.' },
      }),
    held: async (user) =>
      (await json<{ requests: { status: string }[] }>(user.call('/api/credit-requests'))).requests
        .length,
  },
  {
    name: 'API keys',
    limit: 25,
    prepare: (user) =>
      createMany(15, (index) => user.call('/api/keys', { json: { name: `Kept ${index}` } })),
    send: (user, index) => user.call('/api/keys', { json: { name: `Raced ${index}` } }),
    held: async (user) => (await json<{ keys: unknown[] }>(user.call('/api/keys'))).keys.length,
  },
];

async function refusalsOf(answers: Response[]): Promise<string> {
  const counts = new Map<string, number>();
  for (const answer of answers) {
    if (answer.status < 300) continue;
    const body = (await answer.json().catch(() => null)) as { error?: { code?: string } } | null;
    const key = `${answer.status} ${body?.error?.code ?? ''}`.trim();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => `${key} ×${count}`).join(', ') || 'none';
}

export async function runConcurrentLimits(server: BenchServer): Promise<LimitFigures[]> {
  const figures: LimitFigures[] = [];
  for (const limitCase of CASES) {
    const user = await signUpOn(server.base);
    const heldBefore = await limitCase.prepare(user);
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, index) => limitCase.send(user, index)),
    );
    figures.push({
      name: limitCase.name,
      limit: limitCase.limit,
      heldBefore,
      created: answers.filter((answer) => answer.status < 300).length,
      heldAfter: await limitCase.held(user),
      refusals: await refusalsOf(answers),
    });
  }
  return figures;
}
