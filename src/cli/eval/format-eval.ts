import { formatTable } from '../format-table';
import type { EvalReport, Tally } from './score-eval';

const percent = (share: number | null) => (share === null ? '-' : `${(share * 100).toFixed(1)}%`);
const band = (from: number, to: number) => `${from.toFixed(1)}–${to.toFixed(1)}`;
const line = (name: string, { cells, right, accuracy }: Tally) => [
  name,
  String(cells),
  String(right),
  percent(accuracy),
];

function rowsLine({ rows }: EvalReport): string {
  const list = (numbers: number[]) =>
    numbers.length > 10 ? `${numbers.slice(0, 10).join(', ')}…` : numbers.join(', ');
  return [
    `Rows: ${rows.reference} in the reference, ${rows.extracted} extracted: ${rows.matched} matched, ${rows.missing} missing, ${rows.extra} extra.`,
    ...(rows.missing > 0 ? [`Missing (reference rows): ${list(rows.missing_rows)}`] : []),
    ...(rows.extra > 0 ? [`Extra (extracted rows): ${list(rows.extra_rows)}`] : []),
  ].join('\n');
}

/** The report as people read it: rows, then accuracy by column, by confidence and by flag. */
export function formatEval(report: EvalReport): string {
  const header = ['', 'cells', 'right', 'accuracy'];
  const byColumn = formatTable(
    ['column', 'cells', 'right', 'accuracy'],
    [
      ...report.columns.map((column) =>
        line(report.fields.includes(column.name) ? `${column.name} (field)` : column.name, column),
      ),
      line('all columns', report.cells),
    ],
  );
  const flags =
    report.threshold === null ? 'flagged' : `flagged (below ${report.threshold.toFixed(2)})`;
  const byConfidence = formatTable(
    ['confidence', ...header.slice(1)],
    [
      ...report.bands.map((row) => line(band(row.from, row.to), row)),
      line(flags, report.flagged),
      line('not flagged', report.not_flagged),
    ],
  );
  const { wrong, flagged, share } = report.wrong_flagged;
  const caught = `Wrong cells flagged: ${flagged} of ${wrong} (${percent(share)}).`;
  const unscored =
    report.unscored_columns.length > 0
      ? [`Not scored (no such column in the reference): ${report.unscored_columns.join(', ')}.`]
      : [];
  return [rowsLine(report), '', byColumn, '', byConfidence, '', caught, ...unscored, ''].join('\n');
}
