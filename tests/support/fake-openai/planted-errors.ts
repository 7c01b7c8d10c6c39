/**
 * Wrong answers planted on purpose, for measuring how well review catches them: in a chosen share
 * of rows, one value is replaced by a mistake of one of the kinds models really make:
 * - `digits`: two neighbouring digits swapped (1,284.50 → 1,248.50);
 * - `other-row`: the same column's value of a neighbouring row (another transaction's amount,
 *   the next date);
 * - `nowhere`: text that is nowhere in the document.
 * Which rows and which kind are chosen from a hash of the row's own values, so a row is planted
 * the same way in every part and every continuation of an answer.
 */
export const PLANT_KINDS = ['digits', 'other-row', 'nowhere'] as const;
export type PlantKind = (typeof PLANT_KINDS)[number];

export type PlantOptions = {
  /** About one row in `every` gets one wrong value. */
  every: number;
  kinds?: readonly PlantKind[];
  seed?: number;
};

export type PlantedError = {
  kind: PlantKind;
  column: string;
  /** The row as it should have been, and the wrong value given instead. */
  row: Record<string, unknown>;
  given: string;
  /** Set when the wrong value is a document field's (then `column` names the field). */
  isField?: boolean;
};

type Row = Record<string, unknown>;

/** Invented text; each is checked against the document before use. */
export const INVENTED = [
  'Harbourside Pharmacy',
  'Northgate Fuel Stop',
  'Quayside Florist',
  'Larkspur Consulting',
  'Meridian Parking',
  'Oakridge Vet Clinic',
];

export function hash(text: string, seed: number): number {
  let value = 2166136261 ^ seed;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 16777619);
  }
  return value >>> 0;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
export const isNumeric = (text: string) => /^[-+(]?[$€£]?\d[\d,.]*\)?$/.test(text.trim());
export const isDate = (text: string) =>
  /\d{4}-\d{2}-\d{2}|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}/.test(text);

/** Two neighbouring different digits swapped, or null when there are none. */
export function swapDigits(text: string, pick: number): string | null {
  const places: number[] = [];
  for (let i = 0; i + 1 < text.length; i++) {
    const [a, b] = [text[i] ?? '', text[i + 1] ?? ''];
    if (/\d/.test(a) && /\d/.test(b) && a !== b) places.push(i);
  }
  if (places.length === 0) return null;
  const at = places[pick % places.length] ?? 0;
  return text.slice(0, at) + text[at + 1] + text[at] + text.slice(at + 2);
}

function plantOne(rows: Row[], index: number, kind: PlantKind, pick: number, document: string) {
  const row = rows[index] ?? {};
  const columns = Object.keys(row).filter((column) => textOf(row[column]).trim() !== '');
  const choose = (eligible: string[]) => eligible[pick % Math.max(eligible.length, 1)];
  if (kind === 'digits') {
    const column = choose(
      columns.filter((c) => isNumeric(textOf(row[c])) && !isDate(textOf(row[c]))),
    );
    const given = column ? swapDigits(textOf(row[column]), pick) : null;
    return column && given && given !== row[column] ? { column, given } : null;
  }
  if (kind === 'other-row') {
    const column = choose(
      columns.filter((c) => isNumeric(textOf(row[c])) || isDate(textOf(row[c]))),
    );
    if (!column) return null;
    for (const step of [1, -1, 2, -2, 3]) {
      const other = textOf(rows[index + step]?.[column]);
      if (other && other !== row[column]) return { column, given: other };
    }
    return null;
  }
  const column = choose(
    columns.filter((c) => !isNumeric(textOf(row[c])) && !isDate(textOf(row[c]))),
  );
  const given = INVENTED.find((text, i) => i >= pick % INVENTED.length && !document.includes(text));
  return column && given ? { column, given } : null;
}

/** The rows with mistakes planted in about one in `every`, and what was planted where. */
export function plantErrors(
  rows: Row[],
  options: PlantOptions,
  document: string,
): { rows: Row[]; planted: PlantedError[] } {
  const kinds = options.kinds ?? PLANT_KINDS;
  const seed = options.seed ?? 7;
  const planted: PlantedError[] = [];
  const out = rows.map((row, index) => {
    const key = hash(JSON.stringify(row), seed);
    if (key % options.every !== 0) return row;
    const kind = kinds[(key >>> 8) % kinds.length] ?? 'nowhere';
    const plant = plantOne(rows, index, kind, key >>> 16, document);
    if (!plant) return row;
    planted.push({ kind, column: plant.column, row, given: plant.given });
    return { ...row, [plant.column]: plant.given };
  });
  return { rows: out, planted };
}
