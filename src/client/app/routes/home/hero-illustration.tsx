import { ArrowDown, ArrowRight } from 'lucide-react';

const RECEIPT_LINES = [
  ['2x Flat white', '6.80'],
  ['1x Croissant', '3.20'],
  ['1x Sparkling water', '1.90'],
] as const;

const TABLE_COLUMNS = [
  { name: 'item', type: 'Text' },
  { name: 'qty', type: 'Number' },
  { name: 'price', type: 'Number' },
] as const;

const TABLE_ROWS = [
  ['Flat white', '2', '6.80'],
  ['Croissant', '1', '3.20'],
  ['Sparkling water', '1', '1.90'],
] as const;

/** A static picture of a crumpled receipt becoming a typed table. Purely decorative. */
export function HeroIllustration() {
  return (
    <div
      aria-hidden="true"
      className="flex min-w-0 flex-col items-center gap-4 sm:flex-row sm:items-center sm:justify-center lg:justify-end"
    >
      <Receipt />
      <ArrowDown className="size-6 shrink-0 text-primary sm:hidden" />
      <ArrowRight className="hidden size-6 shrink-0 text-primary sm:block" />
      <MiniTable />
    </div>
  );
}

function Receipt() {
  return (
    <div className="w-full max-w-[13rem] -rotate-2 rounded-md border bg-card p-4 font-mono text-xs text-card-foreground shadow-md">
      <p className="text-center font-semibold uppercase tracking-widest">Corner Café</p>
      <p className="mt-1 text-center text-muted-foreground">12/03/2025 08:41</p>
      <div className="my-3 border-t border-dashed" />
      <ul className="space-y-1.5">
        {RECEIPT_LINES.map(([label, amount]) => (
          <li key={label} className="flex justify-between gap-2">
            <span className="min-w-0 truncate">{label}</span>
            <span>{amount}</span>
          </li>
        ))}
      </ul>
      <div className="my-3 border-t border-dashed" />
      <p className="flex justify-between font-semibold">
        <span>TOTAL EUR</span>
        <span>11.90</span>
      </p>
      <p className="mt-2 text-center text-muted-foreground">Thank you!</p>
    </div>
  );
}

function MiniTable() {
  return (
    <div className="w-full max-w-[18rem] min-w-0 overflow-hidden rounded-lg border bg-card text-xs text-card-foreground shadow-md">
      <div className="grid grid-cols-[1.6fr_0.7fr_0.9fr] border-b bg-muted">
        {TABLE_COLUMNS.map((column) => (
          <div key={column.name} className="min-w-0 px-2.5 py-2">
            <p className="font-semibold">{column.name}</p>
            <p className="text-[0.7rem] text-muted-foreground">{column.type}</p>
          </div>
        ))}
      </div>
      {TABLE_ROWS.map((row) => (
        <div key={row[0]} className="grid grid-cols-[1.6fr_0.7fr_0.9fr] border-b last:border-b-0">
          {row.map((cell, index) => (
            <div
              key={index}
              className={index === 0 ? 'min-w-0 truncate px-2.5 py-2' : 'px-2.5 py-2 tabular-nums'}
            >
              {cell}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
