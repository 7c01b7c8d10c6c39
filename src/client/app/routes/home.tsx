import { ArrowRight, ArrowDown, Columns3, Download, FileUp } from 'lucide-react';
import { Link } from 'react-router';
import { PLAN, SITE } from '../../../shared/site';
import { Button } from '../../components/ui/button';
import { useAuth } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ConverterSection } from './home/converter-section';
import { HeroIllustration } from './home/hero-illustration';

export function Component() {
  useDocumentTitle(undefined);
  return (
    <>
      <Hero />
      <HowItWorks />
      <ConverterSection />
    </>
  );
}

function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="border-b bg-muted/40">
      <div className="mx-auto grid w-full max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.1fr_1fr]">
        <div className="min-w-0">
          <p className="mb-3 text-sm font-semibold uppercase tracking-wide text-primary">
            Documents in, tables out
          </p>
          <h1
            id="hero-heading"
            className="text-4xl font-bold tracking-tight break-words sm:text-5xl"
          >
            {SITE.tagline}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-muted-foreground">
            Give {SITE.name} a PDF, a photo of a receipt, a Word file, a spreadsheet, some pasted
            text or a web page address. Name the columns you want, and it fills them in row by row,
            with numbers as numbers and dates as dates, ready to copy or download as CSV or JSON.
          </p>
          <HeroActions />
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}

/**
 * Visitors are led to the converter on this page (sign-up is in the header, and asked for once
 * the free runs are used); a signed-in visitor goes on to the dashboard instead. While the session
 * loads the space is kept, so nothing jumps. The converter is a plain `#converter` link: the
 * browser scrolls to it and the next Tab goes on inside it, as with a skip link.
 */
function HeroActions() {
  const auth = useAuth();
  if (auth.status === 'loading')
    return (
      <div aria-hidden="true">
        <div className="mt-8 h-11" />
        <div className="mt-6 h-5" />
      </div>
    );
  const isSignedIn = auth.status === 'signed-in';
  return (
    <>
      <div className="mt-8 flex flex-wrap gap-3">
        <Button size="lg" asChild>
          {isSignedIn ? (
            <Link to="/dashboard">
              Open dashboard
              <ArrowRight aria-hidden="true" />
            </Link>
          ) : (
            <a href="#converter">
              Convert a document
              <ArrowDown aria-hidden="true" />
            </a>
          )}
        </Button>
        <Button size="lg" variant="outline" asChild>
          <Link to="/use-cases">See use cases</Link>
        </Button>
      </div>
      <p className="mt-6 text-sm text-muted-foreground">
        {isSignedIn ? (
          <>Signed in as {auth.user.email}. Each document extracted successfully uses one credit.</>
        ) : (
          <>
            {PLAN.anonymousFreeExtractions} free extractions without an account.{' '}
            {PLAN.signUpCredits} free credits when you sign up.
          </>
        )}
      </p>
    </>
  );
}

const STEPS = [
  {
    Icon: FileUp,
    title: 'Add your content',
    text: 'Upload a file, paste text, or enter the address of a web page. PDFs, Word files, images, spreadsheets and plain text all work.',
  },
  {
    Icon: Columns3,
    title: 'Define your columns',
    text: 'Give each column a name and a type: Text, Number, Date or Boolean. Or start from a template such as Transactions, Invoice or Events and adjust it.',
  },
  {
    Icon: Download,
    title: 'Run, then copy or download',
    text: 'Run the extraction and get one row per record, with every value typed. Copy the table or download it as CSV or JSON.',
  },
] as const;

function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works-heading" className="py-16 sm:py-20">
      <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <h2 id="how-it-works-heading" className="text-3xl font-bold tracking-tight">
            How it works
          </h2>
          <p className="mt-3 text-lg text-muted-foreground">
            Three steps from a document you can only read to a table you can work with.
          </p>
        </div>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map(({ Icon, title, text }, index) => (
            <li key={title} className="min-w-0 rounded-xl border bg-card p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="text-sm font-semibold text-muted-foreground">
                  Step {index + 1}
                </span>
              </div>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
