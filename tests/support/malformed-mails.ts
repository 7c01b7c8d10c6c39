// Mails whose MIME is hostile in shape, for the inbox's tests and bench:hostile.

export const PRICES_CSV = 'item,price\nDesk,120\nLamp,19.5\n';

const head = (from: string, to: string, subject: string) => [
  `From: ${from}`,
  `To: ${to}`,
  `Subject: ${subject}`,
  'MIME-Version: 1.0',
];
const csvPart = ['Content-Type: text/csv; name="prices.csv"', '', PRICES_CSV];

/** A mail of `count` CSV parts side by side. */
export function manyParts(from: string, to: string, count: number): string {
  const lines = [...head(from, to, 'Parts'), 'Content-Type: multipart/mixed; boundary="p"', ''];
  for (let part = 0; part < count; part++) lines.push('--p', ...csvPart);
  return [...lines, '--p--', ''].join('\r\n');
}

/** A mail of `depth` multiparts each inside the last, with a CSV at the bottom. */
export function nestedMail(from: string, to: string, depth: number): string {
  const opening: string[] = [];
  const closing: string[] = [];
  for (let level = 0; level < depth; level++) {
    opening.push(`Content-Type: multipart/mixed; boundary="b${level}"`, '', `--b${level}`);
    closing.unshift(`--b${level}--`);
  }
  return [...head(from, to, 'Nested'), ...opening, ...csvPart, ...closing, ''].join('\r\n');
}
