import type { NumberKind } from './number-formats';

/** A cell as the XML holds it: its type (`t`), style (`s`), raw value and inline text. */
export type RawCell = { type: string; style: number; value: string | null; inline: string };

export type CellContext = { strings: string[]; kinds: NumberKind[]; is1904: boolean };

const DAY_MS = 86_400_000;
const UNIX_EPOCH_SERIAL = 25_569;
const DAYS_1900_TO_1904 = 1_462;

/** Up to 15 significant digits, so that 0.1 + 0.2 reads 0.3. */
function formatNumber(value: number, isPercent: boolean): string {
  if (!Number.isFinite(value)) return String(value);
  const plain = (n: number) => String(Number(n.toPrecision(15)));
  return isPercent ? `${plain(value * 100)}%` : plain(value);
}

/** A moment as YYYY-MM-DD, YYYY-MM-DDTHH:mm:ss, or HH:mm:ss for a time of day alone. */
function formatMoment(date: Date, isTimeOfDay: boolean): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = new Date(Math.round(date.getTime() / 1000) * 1000).toISOString();
  const [day, time] = [iso.slice(0, 10), iso.slice(11, 19)];
  if (isTimeOfDay) return time;
  return time === '00:00:00' ? day : `${day}T${time}`;
}

/** An Excel serial date (days since 1899-12-30, or 1904-01-01 in the 1904 system). */
function formatSerial(serial: number, is1904: boolean): string {
  const days = serial + (is1904 ? DAYS_1900_TO_1904 : 0) - UNIX_EPOCH_SERIAL;
  return formatMoment(new Date(days * DAY_MS), serial >= 0 && serial < 1);
}

/**
 * A cell's text as the sheet shows its value: shared and inline strings, TRUE and FALSE, error
 * codes (#N/A), dates in ISO form, percentages as such, other numbers plainly. A formula gives
 * its cached result.
 */
export function cellText(cell: RawCell, context: CellContext): string {
  const raw = cell.value ?? '';
  switch (cell.type) {
    case 's':
      return context.strings[Number(raw)] ?? '';
    case 'inlineStr':
      return cell.inline;
    case 'str':
    case 'e':
      return raw;
    case 'b':
      return raw === '1' || raw === 'true' ? 'TRUE' : 'FALSE';
    case 'd':
      return formatMoment(new Date(raw), false);
  }
  if (cell.value === null || raw.trim() === '') return '';
  const number = Number(raw);
  if (Number.isNaN(number)) return raw;
  const kind = context.kinds[cell.style] ?? 'number';
  if (kind === 'date') return formatSerial(number, context.is1904);
  return formatNumber(number, kind === 'percent');
}
