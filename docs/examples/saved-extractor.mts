// Save columns once under a name, then run them by the extractor's id.
//   ROWSMITH_URL=http://localhost:3000 ROWSMITH_API_KEY=rsk_… npx tsx saved-extractor.mts
const baseUrl = process.env.ROWSMITH_URL ?? 'http://localhost:3000';
const headers = {
  Authorization: `Bearer ${process.env.ROWSMITH_API_KEY ?? ''}`,
  'Content-Type': 'application/json',
};

// Names are unique per account: a second run of this script answers 409 EXTRACTOR_NAME_TAKEN.
const saved = await fetch(`${baseUrl}/api/extractors`, {
  method: 'POST',
  headers,
  body: JSON.stringify({
    name: 'Timesheet',
    description: 'Hours worked per person and day',
    columns: [
      { name: 'person', type: 'text' },
      { name: 'day', type: 'date' },
      { name: 'hours', type: 'number' },
      { name: 'billable', type: 'boolean' },
    ],
  }),
});
if (saved.status !== 201) throw new Error(await saved.text());
const extractor = (await saved.json()) as { id: string };

const response = await fetch(`${baseUrl}/api/extractions`, {
  method: 'POST',
  headers,
  body: JSON.stringify({
    template: extractor.id,
    text: 'person\tday\thours\tbillable\nAda\t03/02/2026\t7.5\tyes\nGrace\t03/02/2026\t6\tno',
  }),
});
const result = (await response.json()) as { status: number; rows: unknown[] };
console.log(JSON.stringify({ status: result.status, rows: result.rows }));
