// Someone who can write in a watched folder tries to make `rowsmith watch` act outside it: links
// at done/, failed/, an error file's name, the journal and its old temporary name, a link to
// their file, done/ swapped for a link while it runs, a file swapped while the model reads it,
// and a 3 GiB sparse file. Each case runs a real watcher on real folders and says what happened.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeOpenAi } from '../../tests/support/fake-openai-server';
import { OFFLINE, outsideChange, snapshot, watchUntil, type Places } from './watch-attack-runner';

const PROGRAM = Buffer.from('4d5a90000300000004000000ffff0000', 'hex');

export type WatchAttack = { attack: string; happened: string; outside: string };

type Case = {
  attack: string;
  /** Plants the attack and runs the watcher; answers what happened, in a few words. */
  run: (places: Places) => Promise<string>;
};

const lineAbout = (said: string, name: string) =>
  said.split('\n').find((line) => line.startsWith(`${name}:`)) ?? 'nothing said';

const refusedAtStart =
  (attack: string, plant: (places: Places) => void): Case['run'] =>
  async (places) => {
    plant(places);
    writeFileSync(join(places.dir, 'march.csv'), 'item,price\nDesk,120\n');
    const { code, said } = await watchUntil(places, () => false);
    const stayed = existsSync(join(places.dir, 'march.csv')) ? 'file left in place' : 'FILE GONE';
    return code === 1 && said.includes('so it stops')
      ? `refused (exit 1), ${stayed}`
      : `NOT REFUSED (${attack}, exit ${code})`;
  };

const CASES: Case[] = [
  {
    attack: 'done link (DIR/done -> outside)',
    run: refusedAtStart('done', ({ dir, outside }) => symlinkSync(outside, join(dir, 'done'))),
  },
  {
    attack: 'failed link (DIR/failed -> outside)',
    run: refusedAtStart('failed', ({ dir, outside }) => symlinkSync(outside, join(dir, 'failed'))),
  },
  {
    attack: 'journal link (DIR/.rowsmith-watch.json -> outside file)',
    run: refusedAtStart('journal', ({ dir, outside }) =>
      symlinkSync(join(outside, 'precious.txt'), join(dir, '.rowsmith-watch.json')),
    ),
  },
  {
    attack: 'error-file link (DIR/failed/bad.pdf.error.txt -> outside file)',
    run: async (places) => {
      mkdirSync(join(places.dir, 'failed'));
      symlinkSync(
        join(places.outside, 'precious.txt'),
        join(places.dir, 'failed', 'bad.pdf.error.txt'),
      );
      writeFileSync(join(places.dir, 'bad.pdf'), PROGRAM);
      await watchUntil(places, (said) => said.includes('bad.pdf: failed'));
      const written = readdirSync(join(places.dir, 'failed')).filter(
        (name) =>
          name.endsWith('.error.txt') &&
          !lstatSync(join(places.dir, 'failed', name)).isSymbolicLink(),
      );
      return `link left alone, why written to failed/${written.join(', ')}`;
    },
  },
  {
    attack: 'journal temporary link (DIR/.rowsmith-watch.json.tmp -> outside file)',
    run: async (places) => {
      symlinkSync(
        join(places.outside, 'precious.txt'),
        join(places.dir, '.rowsmith-watch.json.tmp'),
      );
      writeFileSync(join(places.dir, 'march.csv'), 'item,price\nDesk,120\n');
      const { said } = await watchUntil(places, (text) => text.includes('march.csv: 1 row'));
      const journal = lstatSync(join(places.dir, '.rowsmith-watch.json'), {
        throwIfNoEntry: false,
      });
      const kept = journal?.isFile() ? 'journal written inside' : 'NO JOURNAL INSIDE';
      return `${lineAbout(said, 'march.csv').includes('1 row') ? 'file read' : 'FILE NOT READ'}, ${kept}`;
    },
  },
  {
    attack: 'link in the folder (DIR/secret.csv -> outside file)',
    run: async (places) => {
      symlinkSync(join(places.outside, 'secret.csv'), join(places.dir, 'secret.csv'));
      writeFileSync(join(places.dir, 'march.csv'), 'item,price\nDesk,120\n');
      const { said } = await watchUntil(places, (text) => text.includes('march.csv: 1 row'));
      const table = readFileSync(places.out, 'utf8');
      const left = lstatSync(join(places.dir, 'secret.csv')).isSymbolicLink()
        ? 'left in place'
        : 'MOVED';
      return `${said.includes('secret.csv: skipped') ? 'skipped and said' : 'NOT SAID'}, ${left}, ${table.includes('Secret') ? 'ITS ROWS READ' : '0 rows from it'}`;
    },
  },
  {
    attack: 'done/ swapped for a link while running',
    run: async (places) => {
      let isSwapped = false;
      const { code } = await watchUntil(
        places,
        () => false,
        OFFLINE,
        (said) => {
          if (isSwapped || !said.includes('Watching')) return;
          isSwapped = true;
          rmSync(join(places.dir, 'done'), { recursive: true });
          symlinkSync(places.outside, join(places.dir, 'done'));
          writeFileSync(join(places.dir, 'april.csv'), 'item,price\nLamp,19\n');
        },
      );
      const stayed = existsSync(join(places.dir, 'april.csv')) ? 'file left in place' : 'FILE GONE';
      return code === 1 ? `stopped (exit 1), ${stayed}` : `DID NOT STOP (exit ${code}), ${stayed}`;
    },
  },
  {
    attack: 'file swapped (atomic mv) while the model reads it',
    run: async (places) => {
      const replacement = join(places.outside, '..', 'replacement.txt');
      writeFileSync(replacement, 'A Chair for 45 and a Rug for 60.');
      let isSwapped = false;
      const fake = await startFakeOpenAi({
        behaviorFor: (request) => {
          const text = JSON.stringify(request.messages);
          const rows = (data: object[]) => () => JSON.stringify({ data });
          if (text.includes('Chair'))
            return {
              answer: rows([
                { item: 'Chair', price: '45' },
                { item: 'Rug', price: '60' },
              ]),
            };
          if (isSwapped || !text.includes('Desk')) return undefined;
          isSwapped = true;
          renameSync(replacement, join(places.dir, 'order.txt'));
          return { delayMs: 1500, answer: rows([{ item: 'Desk', price: '120' }]) };
        },
      });
      try {
        writeFileSync(join(places.dir, 'order.txt'), 'A Desk for 120.');
        const env = { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: fake.baseUrl };
        await watchUntil(places, (said) => said.includes('order.txt: 2 rows'), env);
      } finally {
        await fake.close();
      }
      const rows = readFileSync(places.out, 'utf8').trimEnd().split('\r\n').slice(1);
      const fresh = rows.filter((row) => /Chair|Rug/.test(row)).length;
      const stale = rows.filter((row) => row.includes('Desk')).length;
      const once = new Set(rows).size === rows.length ? 'once' : 'TWICE';
      return `first version not moved, new one read again: ${fresh} of its 2 rows, ${once}; ${stale} of the gone one's`;
    },
  },
  {
    attack: '3 GiB sparse file, then a small one',
    run: async (places) => {
      writeFileSync(join(places.dir, 'huge.csv'), '');
      truncateSync(join(places.dir, 'huge.csv'), 3 * 1024 ** 3);
      writeFileSync(join(places.dir, 'march.csv'), 'item,price\nDesk,120\n');
      const started = Date.now();
      const { said } = await watchUntil(places, (text) => text.includes('march.csv: 1 row'));
      const why = existsSync(join(places.dir, 'failed', 'huge.csv.error.txt'))
        ? readFileSync(join(places.dir, 'failed', 'huge.csv.error.txt'), 'utf8').split(',')[0]
        : 'NO ERROR FILE';
      const next = said.includes('march.csv: 1 row') ? 'next file read' : 'NEXT FILE NOT READ';
      return `failed/ unread ("${why}"), ${next}, ${((Date.now() - started) / 1000).toFixed(1)} s`;
    },
  },
];

/** Each case on fresh folders: what happened, and whether anything outside the folder changed. */
export async function runWatchAttacks(): Promise<WatchAttack[]> {
  const results: WatchAttack[] = [];
  for (const { attack, run } of CASES) {
    const root = mkdtempSync(join(tmpdir(), 'rowsmith-watch-attack-'));
    const places = {
      dir: join(root, 'inbox'),
      outside: join(root, 'outside'),
      out: join(root, 'table.csv'),
    };
    mkdirSync(places.dir);
    mkdirSync(places.outside);
    writeFileSync(join(places.outside, 'precious.txt'), 'keep me\n');
    writeFileSync(join(places.outside, 'secret.csv'), 'item,price\nSecret,1\n');
    const before = snapshot(places.outside);
    try {
      const happened = await run(places);
      results.push({ attack, happened, outside: outsideChange(before, snapshot(places.outside)) });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }
  return results;
}
