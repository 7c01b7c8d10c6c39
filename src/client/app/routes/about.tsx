import {
  BriefcaseBusiness,
  Calculator,
  ChartColumn,
  FlaskConical,
  HardDrive,
  ListChecks,
  LockKeyhole,
  Server,
  TextSearch,
  Type,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { SITE } from '../../../shared/site';
import { Page, Prose } from '../../components/layout/page';

type Item = { Icon: LucideIcon; title: string; text: string };

const AUDIENCE: readonly Item[] = [
  {
    Icon: ChartColumn,
    title: 'Analysts',
    text: 'Figures locked in PDF reports, slide screenshots and web pages, wanted in a spreadsheet before the meeting starts.',
  },
  {
    Icon: Calculator,
    title: 'Bookkeepers',
    text: 'Bank statements, invoices and receipt photos that need to become transactions with a date, an amount and a category.',
  },
  {
    Icon: FlaskConical,
    title: 'Researchers',
    text: 'Lists of papers, events, companies or prices scattered across documents, collected into one table to sort and compare.',
  },
  {
    Icon: BriefcaseBusiness,
    title: 'Operations people',
    text: 'Order emails, supplier price lists and shipping notes turned into rows that another system can import.',
  },
  {
    Icon: Server,
    title: 'Self-hosters and teams',
    text: 'People who run it on their own machine or servers, with their own model key or a local model, so documents stay inside their own infrastructure.',
  },
];

const VALUES: readonly Item[] = [
  {
    Icon: ListChecks,
    title: 'Every row is there',
    text: 'A table that quietly drops the last twenty rows is worse than no table. Long documents are read in parts and put back together in order, and a result that looks incomplete says so.',
  },
  {
    Icon: Type,
    title: 'Every value is right, and typed',
    text: 'Numbers arrive as numbers, dates as YYYY-MM-DD, yes and no as true and false, so the table works in a spreadsheet without another round of cleaning.',
  },
  {
    Icon: TextSearch,
    title: 'You can see where a value came from',
    text: 'An AI model can be wrong. A value should be traceable to the passage it was read from, and a value that cannot be found in the source should be flagged rather than passed off as fact.',
  },
  {
    Icon: LockKeyhole,
    title: 'Your data is handled with care',
    text: 'Keys for the AI model and for fetching web pages stay on the server and never reach your browser. Limits and credits are checked on the server. Anonymous results are deleted after 24 hours.',
  },
  {
    Icon: HardDrive,
    title: 'You can run it yourself',
    text: `${SITE.name} can be self-hosted with your own model, any OpenAI-compatible endpoint including a local one, or fully offline with its built-in extractor when no model is configured.`,
  },
];

function ItemGrid({ items }: { items: readonly Item[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {items.map(({ Icon, title, text }) => (
        <li
          key={title}
          className="min-w-0 rounded-xl border bg-card p-5 text-card-foreground shadow-sm"
        >
          <div className="flex items-center gap-3">
            <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
            <h3 className="font-semibold">{title}</h3>
          </div>
          <p className="mt-2 text-sm leading-6 break-words text-muted-foreground">{text}</p>
        </li>
      ))}
    </ul>
  );
}

export function Component() {
  return (
    <Page
      title="About"
      eyebrow={SITE.name}
      lead="A lot of useful data lives in places that are easy to read and hard to use: a scanned invoice, a receipt, a statement, a page of listings. We build the tool that turns it into a table."
    >
      <div className="space-y-14">
        <Prose>
          <h2 className="mt-0!">Why it exists</h2>
          <p>
            Retyping a table is slow and error-prone, and copying it usually brings the formatting
            with it and leaves the structure behind. With {SITE.name} you say what the table should
            look like, column by column, and the tool reads your document and fills it in. The
            result is a table you can copy into a spreadsheet or download as CSV or JSON.
          </p>
          <p>
            By default the reading is done by an AI model (gpt-4o), but it does not have to be: any
            OpenAI-compatible endpoint works, and with no model configured at all a built-in offline
            extractor maps the tables and key-value records it finds to your columns.
          </p>
        </Prose>

        <section aria-labelledby="audience-heading" className="space-y-6">
          <Prose>
            <h2 id="audience-heading" className="mt-0!">
              Who it&apos;s for
            </h2>
            <p>People who need a correct table in seconds, not a data project.</p>
          </Prose>
          <ItemGrid items={AUDIENCE} />
        </section>

        <section aria-labelledby="values-heading" className="space-y-6">
          <Prose>
            <h2 id="values-heading" className="mt-0!">
              What we value
            </h2>
            <p>These are the questions our users judge us by, and the ones we ask ourselves.</p>
          </Prose>
          <ItemGrid items={VALUES} />
        </section>

        <Prose>
          <h2 className="mt-0!">Talk to us</h2>
          <p>
            Something extracted wrongly, a format you need, or questions about running {SITE.name}{' '}
            on your own servers? <Link to="/contact">Send us a message</Link> or see{' '}
            <Link to="/use-cases">what people use it for</Link>.
          </p>
        </Prose>
      </div>
    </Page>
  );
}
