import { ArrowRight, Globe, ImageIcon, ScrollText } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { SITE } from '../../../shared/site';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';

type Column = { name: string; type: 'Text' | 'Number' | 'Date' | 'Boolean' };

type UseCase = {
  Icon: LucideIcon;
  title: string;
  description: string;
  inputLabel: string;
  input: string;
  columns: readonly Column[];
};

const FEATURED: readonly UseCase[] = [
  {
    Icon: ImageIcon,
    title: 'Image to table',
    description:
      'A phone photo of a receipt, a screenshot of a table from a slide or a report, a scanned price list. The text in the picture becomes rows you can add up.',
    inputLabel: 'Example: a photo of a supermarket receipt',
    input:
      'FRESH MARKET   14/06/2025\nBananas 1.2 kg         1.79\nGreek yoghurt  x2      3.98\nOlive oil 500 ml       6.49',
    columns: [
      { name: 'item', type: 'Text' },
      { name: 'quantity', type: 'Number' },
      { name: 'price', type: 'Number' },
      { name: 'date', type: 'Date' },
    ],
  },
  {
    Icon: ScrollText,
    title: 'Text extraction',
    description:
      'Paste a bank statement copied from online banking, an email with order details or notes from a call. Rows come out in the order they appear, with amounts as numbers and a category for each.',
    inputLabel: 'Example: lines pasted from a bank statement',
    input: '02 Jun  GREENGROCER  -23.40\n03 Jun  ACME LTD   2,450.00\n05 Jun  CITY WATER   -38.00',
    columns: [
      { name: 'date', type: 'Date' },
      { name: 'description', type: 'Text' },
      { name: 'amount', type: 'Number' },
      { name: 'category', type: 'Text' },
    ],
  },
  {
    Icon: Globe,
    title: 'Web page to table',
    description:
      'Enter the address of a page with a list of events, a product listing or a table of results. Our server fetches the page and reads it; you get one row per item.',
    inputLabel: 'Example: a what’s-on page of a city venue',
    input:
      'https://example.com/whats-on\n\nJazz in the Park\nSat 12 July, 7 pm · Riverside Gardens · Free entry\n\nPrint Fair\nSun 13 July, 10 am · Old Town Hall · £5',
    columns: [
      { name: 'event', type: 'Text' },
      { name: 'date', type: 'Date' },
      { name: 'venue', type: 'Text' },
      { name: 'free_entry', type: 'Boolean' },
    ],
  },
];

const MORE_EXAMPLES = [
  {
    title: 'Invoices into line items',
    text: 'A PDF invoice becomes invoice number, date, item, quantity, unit price and total, one row per line.',
  },
  {
    title: 'Stock tables from reports',
    text: 'Daily prices or performance figures in an annual report, with symbol, close, volume or return as numbers.',
  },
  {
    title: 'Supplier price lists',
    text: 'A Word document or spreadsheet from a supplier, reduced to product, price and category.',
  },
  {
    title: 'Reading lists and archives',
    text: 'A page of articles or papers turned into title, date and author, ready to sort.',
  },
  {
    title: 'Company histories',
    text: 'An “about us” page or a profile turned into a timeline of year, milestone and valuation.',
  },
  {
    title: 'Order confirmations',
    text: 'Order emails pasted in one after another, collected into order number, item, price and whether it shipped.',
  },
] as const;

function UseCaseCard({ useCase }: { useCase: UseCase }) {
  const { Icon, title, description, inputLabel, input, columns } = useCase;
  return (
    <Card className="flex min-w-0 flex-col">
      <CardHeader>
        <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <CardTitle>{title}</CardTitle>
        <CardDescription className="leading-6">{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div>
          <p className="text-sm font-medium">{inputLabel}</p>
          <pre className="mt-2 rounded-md border bg-muted p-3 font-mono text-xs leading-5 whitespace-pre-wrap break-words text-foreground">
            {input}
          </pre>
        </div>
        <div>
          <p className="text-sm font-medium">Columns you&apos;d define</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {columns.map((column) => (
              <li key={column.name} className="rounded-full border bg-background px-3 py-1 text-xs">
                <span className="font-mono font-medium">{column.name}</span>
                <span className="text-muted-foreground"> · {column.type}</span>
              </li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}

export function Component() {
  return (
    <Page
      title="Use cases"
      eyebrow="Use cases"
      lead={`Most of what people bring to ${SITE.name} is one of three things: a picture, some text or a web page. Each becomes a table with the columns you choose.`}
    >
      <section aria-labelledby="featured-heading">
        <h2 id="featured-heading" className="sr-only">
          Featured use cases
        </h2>
        <div className="grid gap-6 lg:grid-cols-3">
          {FEATURED.map((useCase) => (
            <UseCaseCard key={useCase.title} useCase={useCase} />
          ))}
        </div>
      </section>

      <section aria-labelledby="more-heading" className="mt-16">
        <h2 id="more-heading" className="text-2xl font-semibold tracking-tight">
          More examples
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          PDFs, Word files and spreadsheets work the same way. A few things people do with them:
        </p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {MORE_EXAMPLES.map((example) => (
            <li key={example.title} className="min-w-0 rounded-xl border p-5">
              <h3 className="font-semibold">{example.title}</h3>
              <p className="mt-1 text-sm leading-6 text-muted-foreground">{example.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="start-heading"
        className="mt-16 rounded-xl border bg-muted/50 p-6 sm:p-10"
      >
        <h2 id="start-heading" className="text-2xl font-semibold tracking-tight">
          Bring your own document
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Sign up for free credits, or read what the converter accepts: file types, size limits and
          the four column types.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/sign-up">
              Get Started
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to="/#converter">What the converter accepts</Link>
          </Button>
        </div>
      </section>
    </Page>
  );
}
