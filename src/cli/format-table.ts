/** Rows of text as aligned columns under a header, for operators' terminals. */
export function formatTable(header: string[], rows: string[][]): string {
  const table = [header, ...rows];
  const widths = header.map((_, column) =>
    Math.max(...table.map((row) => row[column]?.length ?? 0)),
  );
  return table
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
