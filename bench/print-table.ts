// A benchmark's table, printed as Markdown.
export function printTable(head: string[], rows: string[][]) {
  const widths = head.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${head.map((_, i) => (cells[i] ?? '').padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log('');
}
