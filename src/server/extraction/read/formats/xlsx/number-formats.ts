import type { ZipParts } from '../../zip-parts';

/** How a cell's number is meant to be read, from the number format of its style. */
export type NumberKind = 'number' | 'percent' | 'date';

// Excel's built-in formats that are dates or times, and the percentages (ECMA-376, 18.8.30).
const BUILT_IN_DATES = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57,
]);
const BUILT_IN_PERCENTS = new Set([9, 10]);

/** Whether a format code shows a date or time: d, m, y, h or s outside quotes and brackets. */
export function isDateFormatCode(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[(?!h+\]|m+\]|s+\])[^\]]*\]/gi, '')
    .split(';')[0]!;
  return /[dmyhs]/i.test(bare) && !/general/i.test(bare);
}

function kindOf(numFmtId: number, custom: Map<number, string>): NumberKind {
  const code = custom.get(numFmtId);
  if (code !== undefined) {
    if (isDateFormatCode(code)) return 'date';
    return code.replace(/"[^"]*"/g, '').includes('%') ? 'percent' : 'number';
  }
  if (BUILT_IN_DATES.has(numFmtId)) return 'date';
  return BUILT_IN_PERCENTS.has(numFmtId) ? 'percent' : 'number';
}

/** For each cell style index (`s` on a cell), how its numbers read. */
export async function readNumberKinds(parts: ZipParts, path: string | null): Promise<NumberKind[]> {
  const custom = new Map<number, string>();
  const styleFormats: number[] = [];
  if (!path) return [];
  let isInCellStyles = false;
  await parts.readXml(path, {
    onOpen: ({ name, attributes }) => {
      if (name === 'numFmt') custom.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
      else if (name === 'cellXfs') isInCellStyles = true;
      else if (name === 'xf' && isInCellStyles) styleFormats.push(Number(attributes.numFmtId ?? 0));
    },
    onClose: (name) => {
      if (name === 'cellXfs') isInCellStyles = false;
    },
  });
  return styleFormats.map((id) => kindOf(id, custom));
}
