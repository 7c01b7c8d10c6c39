// Result table benchmark: `npx tsx bench/result-table.ts`. Prints one table; never part of
// `npm test`. 10,000 rows × 8 typed columns go through the same pure functions the result table
// uses (sort, page slice) and the CSV/TSV/JSON writers. The baseline, measured in the same run,
// is a plain Array.prototype.sort of a copy of the rows by the same column with a bare
// comparator (no blanks-last, no typed compare), the least a sortable table can do.
import type { ColumnDefinition } from '../src/shared/columns';
import type { CellValue, ExtractedRow } from '../src/shared/extraction';
import { toCsv, toJson, toTsv } from '../src/shared/table-export';
import { DEFAULT_PAGE_SIZE, pageSlice } from '../src/client/features/results/utils/paginate';
import { sortedOrder, type SortDirection } from '../src/client/features/results/utils/sort-rows';

const ROWS = 10_000;
const RUNS = 15;
const BUDGET_MS = 200;

const columns: ColumnDefinition[] = [
  { name: 'date', type: 'date' },
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
  { name: 'paid', type: 'boolean' },
  { name: 'category', type: 'text' },
  { name: 'quantity', type: 'number' },
  { name: 'due_date', type: 'date' },
  { name: 'reference', type: 'text' },
];

/** A deterministic pseudo-random sequence, so every run sorts the same table. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function isoDate(next: () => number): string {
  const day = new Date(Date.UTC(2020, 0, 1) + Math.floor(next() * 2000) * 86_400_000);
  return day.toISOString().slice(0, 10);
}

function buildRows(): ExtractedRow[] {
  const next = random(42);
  const words = ['Coffee', 'Rent', 'Salary', 'Invoice', 'Groceries', 'Fuel', 'Books', 'Taxes'];
  const blank = <T extends CellValue>(value: T): T | null => (next() < 0.05 ? null : value);
  return Array.from({ length: ROWS }, (_, index) => ({
    date: blank(isoDate(next)),
    description: blank(`${words[index % words.length]} payment ${Math.floor(next() * 5000)}`),
    amount: blank(Math.round((next() - 0.3) * 1_000_000) / 100),
    paid: blank(next() < 0.5),
    category: blank(words[Math.floor(next() * words.length)] ?? 'Other'),
    quantity: blank(Math.floor(next() * 100)),
    due_date: blank(isoDate(next)),
    reference: blank(`INV-${String(Math.floor(next() * 100_000)).padStart(6, '0')} line ${index}`),
  }));
}

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function time(run: () => unknown): number {
  const times: number[] = [];
  run(); // warm-up
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return median(times);
}

function baselineSort(rows: ExtractedRow[], column: string, direction: SortDirection) {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[column] ?? '';
    const y = b[column] ?? '';
    return x < y ? -sign : x > y ? sign : 0;
  });
}

type Line = { task: string; ms: number; baselineMs: number | null };

function main() {
  const rows = buildRows();
  const table = { columns, rows };
  const lines: Line[] = [];
  for (const column of columns) {
    for (const direction of ['ascending', 'descending'] as const) {
      lines.push({
        task: `sort ${column.name} (${column.type}) ${direction}`,
        ms: time(() => sortedOrder(rows, { column: column.name, direction })),
        baselineMs: time(() => baselineSort(rows, column.name, direction)),
      });
    }
  }
  const order = sortedOrder(rows, { column: 'description', direction: 'ascending' });
  const lastPage = Math.ceil(ROWS / DEFAULT_PAGE_SIZE);
  lines.push({
    task: `page slice (page ${lastPage} of ${DEFAULT_PAGE_SIZE} rows)`,
    ms: time(() => pageSlice(order, lastPage, DEFAULT_PAGE_SIZE).map((index) => rows[index])),
    baselineMs: null,
  });
  lines.push({ task: 'write CSV (all rows)', ms: time(() => toCsv(table)), baselineMs: null });
  lines.push({ task: 'write TSV (all rows)', ms: time(() => toTsv(table)), baselineMs: null });
  lines.push({
    task: 'write JSON (all rows)',
    ms: time(() => toJson(table)),
    baselineMs: time(() => JSON.stringify(rows, null, 2)),
  });

  console.log(
    `Result table: ${ROWS.toLocaleString('en-US')} rows × ${columns.length} columns, median of ${RUNS} runs (ms)`,
  );
  console.table(
    lines.map(({ task, ms, baselineMs }) => ({
      task,
      ms: Number(ms.toFixed(3)),
      baseline: baselineMs === null ? '' : Number(baselineMs.toFixed(3)),
      'under 200 ms': ms < BUDGET_MS ? 'yes' : 'NO',
    })),
  );
  console.log(
    'baseline: sort = Array.prototype.sort of a copy with a bare < comparator; JSON = JSON.stringify of the rows as they are',
  );
}

main();
