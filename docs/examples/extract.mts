// One document, one request. Node 20.19 or newer:
//   ROWSMITH_URL=http://localhost:3000 ROWSMITH_API_KEY=rsk_… npx tsx extract.mts
const baseUrl = process.env.ROWSMITH_URL ?? 'http://localhost:3000';
const apiKey = process.env.ROWSMITH_API_KEY ?? '';

type Row = Record<string, string | number | boolean | null>;
type Extraction = {
  status: 200 | 207 | 500;
  rows: Row[];
  notice: string | null;
  message: string | null;
  warnings: string[];
};
type ApiError = { error: { code: string; message: string; requestId?: string } };

const text = [
  'product\tprice\tcategory',
  'Fountain pen\t$24.00\tStationery',
  'Notebook\t7,50 €\tStationery',
].join('\n');

const response = await fetch(`${baseUrl}/api/extractions`, {
  method: 'POST',
  headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
  body: JSON.stringify({ text, template: 'products' }),
});
const body = (await response.json()) as Extraction | ApiError;

if ('error' in body) {
  // Not run: nothing was charged. 402 means no credits left, 429 wait for Retry-After.
  console.error(`${response.status} ${body.error.code}: ${body.error.message}`);
  process.exit(1);
}
if (body.status !== 200) {
  // 207: partial or fallback rows; 500: one empty row per column. Neither costs a credit.
  console.error(`${body.status}: ${body.message}\n${body.notice}\n${body.warnings.join('\n')}`);
}
console.log(JSON.stringify(body.rows, null, 2));
