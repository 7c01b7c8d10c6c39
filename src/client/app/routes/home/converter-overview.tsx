import {
  CalendarDays,
  ClipboardPaste,
  FileUp,
  Globe,
  Hash,
  ShieldExclamationPoint,
  ToggleLeft,
  Type,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PLAN } from '../../../../shared/site';

const FILE_TYPES = [
  {
    label: 'PDF',
    detail: `up to ${PLAN.pdfMaxMegabytes} MB; the first ${PLAN.pdfMaxPages} pages are processed`,
  },
  { label: 'Word', detail: '.docx documents, including their tables' },
  {
    label: 'Images',
    detail: 'PNG, JPEG, WebP, GIF, BMP and TIFF, including photos of receipts and screenshots',
  },
  { label: 'Spreadsheets', detail: 'XLSX, CSV and TSV' },
  { label: 'Text files', detail: 'plain text, Markdown, HTML and JSON' },
] as const;

const COLUMN_TYPES = [
  { Icon: Type, name: 'Text', text: 'Kept as written: names, descriptions, codes, categories.' },
  {
    Icon: Hash,
    name: 'Number',
    text: 'A real number, even when the source writes 1,234.50, €12, 15% or (300).',
  },
  {
    Icon: CalendarDays,
    name: 'Date',
    text: 'Written as YYYY-MM-DD, whether the source says 3 March 2025 or Mar 3, 2025.',
  },
  { Icon: ToggleLeft, name: 'Boolean', text: 'True or false, from yes/no, true/false or 1/0.' },
] as const;

const TEMPLATES = [
  'Transactions',
  'Invoice',
  'Stock Price',
  'Stock Performance',
  'Events',
  'Companies',
  'Products',
  'Articles',
] as const;

const linkClass = 'font-medium text-primary underline underline-offset-4';

/** What the converter accepts and gives back, shown where the converter lives on the home page. */
export function ConverterOverview() {
  return (
    <section
      id="converter"
      aria-labelledby="converter-heading"
      className="scroll-mt-20 border-t bg-muted/40 py-16 sm:py-20"
    >
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <h2 id="converter-heading" className="text-3xl font-bold tracking-tight">
            The converter
          </h2>
          <p className="mt-3 text-lg text-muted-foreground">
            The converter takes one input at a time, reads it on our server and returns a table with
            exactly the columns you define. This is what it accepts and what it gives back.
          </p>
        </div>

        <div className="mt-10 grid gap-6 lg:grid-cols-3">
          <InputCard Icon={FileUp} title="Upload a file">
            <ul className="space-y-2">
              {FILE_TYPES.map((type) => (
                <li key={type.label}>
                  <span className="font-medium text-foreground">{type.label}:</span> {type.detail}
                </li>
              ))}
            </ul>
          </InputCard>
          <InputCard Icon={ClipboardPaste} title="Paste text">
            <p>
              Anything you can select and copy: a bank statement, an email with order details,
              meeting notes, a table from a chat. It doesn&apos;t need to be tidy or formatted.
            </p>
          </InputCard>
          <InputCard Icon={Globe} title="Enter a web page address">
            <p>
              The address of a public page, starting with http or https. Our server fetches the page
              and reads its content, such as a list of events, a product listing or a table on a
              wiki page. Addresses on private or local networks are refused.
            </p>
          </InputCard>
        </div>

        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <ColumnTypes />
          <TrialAndCredits />
        </div>

        <PrivacyNotice />
      </div>
    </section>
  );
}

function InputCard({
  Icon,
  title,
  children,
}: {
  Icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0 rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
      <div className="flex items-center gap-3">
        <Icon className="size-6 shrink-0 text-primary" aria-hidden="true" />
        <h3 className="text-lg font-semibold">{title}</h3>
      </div>
      <div className="mt-4 text-sm leading-6 break-words text-muted-foreground">{children}</div>
    </div>
  );
}

function ColumnTypes() {
  return (
    <div className="min-w-0 rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
      <h3 className="text-lg font-semibold">Your columns, typed</h3>
      <p className="mt-2 text-sm text-muted-foreground">
        Each column has a name and one of four types, and every value is converted to its type.
      </p>
      <ul className="mt-4 space-y-3">
        {COLUMN_TYPES.map(({ Icon, name, text }) => (
          <li key={name} className="flex gap-3 text-sm">
            <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span className="min-w-0 break-words text-muted-foreground">
              <span className="font-medium text-foreground">{name}:</span> {text}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-muted-foreground">
        Or start from a template and adjust it: {TEMPLATES.join(', ')}.
      </p>
    </div>
  );
}

function TrialAndCredits() {
  return (
    <div className="min-w-0 rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
      <h3 className="text-lg font-semibold">Free runs and credits</h3>
      <ul className="mt-4 list-disc space-y-3 pl-5 text-sm text-muted-foreground">
        <li>
          <span className="font-medium text-foreground">Without an account:</span>{' '}
          {PLAN.anonymousFreeExtractions} free extractions. Your results are shown to you and not
          stored.
        </li>
        <li>
          <span className="font-medium text-foreground">With a free account:</span>{' '}
          {PLAN.signUpCredits} credits. Each successful extraction uses one; a run that fails or
          comes back incomplete costs nothing. Your results are stored, and your dashboard shows
          your usage.
        </li>
        <li>Every result can be copied, or downloaded as CSV or JSON.</li>
      </ul>
      <p className="mt-4 text-sm text-muted-foreground">
        The details are on the{' '}
        <Link to="/pricing" className={linkClass}>
          pricing page
        </Link>
        .
      </p>
    </div>
  );
}

function PrivacyNotice() {
  return (
    <div className="mt-6 flex gap-4 rounded-xl border border-primary/40 bg-card p-6 text-card-foreground shadow-sm">
      <ShieldExclamationPoint className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
      <div className="min-w-0">
        <h3 className="text-lg font-semibold">Before you upload</h3>
        <p className="mt-2 text-sm leading-6 text-muted-foreground">
          Please don&apos;t upload confidential data or personal information, such as identity
          documents, medical records, passwords or other people&apos;s contact details. To build
          your table, the content is sent to the AI model provider this service uses, unless it runs
          without a model, in which case it never leaves our server. The{' '}
          <Link to="/privacy" className={linkClass}>
            privacy policy
          </Link>{' '}
          explains what is kept and what is not.
        </p>
      </div>
    </div>
  );
}
