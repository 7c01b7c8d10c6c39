import { BookOpen, LifeBuoy, Mail, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { PLAN, SITE } from '../../../shared/site';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';

const PLANNED_TOPICS = [
  'Preparing your input: files, pasted text and web pages, and the limits for each',
  'Defining columns: names, the four types and how values are converted',
  'Templates, and how to adapt them to your documents',
  'Reading the result: partial results, notices and what to try next',
  'Credits, the free trial and your dashboard',
  `Self-hosting ${SITE.name}: configuration, your own model, or running fully offline`,
] as const;

const QUICK_START = [
  {
    title: 'Add your content',
    text: `Upload a file (PDFs up to ${PLAN.pdfMaxMegabytes} MB, of which the first ${PLAN.pdfMaxPages} pages are processed), paste text, or enter the address of a web page.`,
  },
  {
    title: 'Define your columns',
    text: 'Name each column and give it a type: Text, Number, Date or Boolean. Specific names such as “unit_price” work better than vague ones such as “value”. Or pick a template.',
  },
  {
    title: 'Run, check, export',
    text: 'Run the extraction, check the values against your source, then copy the table or download it as CSV or JSON.',
  },
] as const;

const linkClass = 'font-medium text-primary underline underline-offset-4';

export function Component() {
  return (
    <Page
      title="Documentation"
      eyebrow="Docs"
      lead="Full guides are being written. Until they are published, this page has a quick start, and our support team answers questions directly."
    >
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-12">
          <section aria-labelledby="quick-start-heading">
            <h2 id="quick-start-heading" className="text-2xl font-semibold tracking-tight">
              Quick start
            </h2>
            <ol className="mt-6 space-y-6">
              {QUICK_START.map((step, index) => (
                <li key={step.title} className="flex gap-4">
                  <span
                    className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
                    aria-hidden="true"
                  >
                    {index + 1}
                  </span>
                  <div className="min-w-0">
                    <h3 className="font-semibold">{step.title}</h3>
                    <p className="mt-1 leading-7 text-muted-foreground">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
            <p className="mt-6 text-muted-foreground">
              Building on Rowsmith? See the{' '}
              <Link to="/docs/api" className={linkClass}>
                HTTP API reference
              </Link>
              .
            </p>
            <p className="mt-6 text-muted-foreground">
              Want to see what others extract? Browse the{' '}
              <Link to="/use-cases" className={linkClass}>
                use cases
              </Link>
              .
            </p>
          </section>

          <section aria-labelledby="planned-heading">
            <div className="flex items-center gap-3">
              <BookOpen className="size-6 shrink-0 text-primary" aria-hidden="true" />
              <h2 id="planned-heading" className="text-2xl font-semibold tracking-tight">
                What the documentation will cover
              </h2>
            </div>
            <ul className="mt-4 list-disc space-y-2 pl-6 leading-7 text-muted-foreground">
              {PLANNED_TOPICS.map((topic) => (
                <li key={topic}>{topic}</li>
              ))}
            </ul>
          </section>
        </div>

        <SupportCard />
      </div>
    </Page>
  );
}

function SupportCard() {
  return (
    <aside aria-labelledby="support-heading" className="min-w-0">
      <Card>
        <CardHeader>
          <div className="flex items-center gap-3">
            <LifeBuoy className="size-6 shrink-0 text-primary" aria-hidden="true" />
            <h2 id="support-heading" className="text-lg font-semibold">
              Need help now?
            </h2>
          </div>
          <p className="text-sm leading-6 text-muted-foreground">
            Tell us what you are trying to extract and what happened. A person reads every message.
          </p>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <Button asChild>
            <a href={`mailto:${SITE.supportEmail}`}>
              <Mail aria-hidden="true" />
              Email support
            </a>
          </Button>
          <Button variant="outline" asChild>
            <Link to="/contact">
              <MessageSquare aria-hidden="true" />
              Use the contact form
            </Link>
          </Button>
          <p className="text-sm break-words text-muted-foreground">
            Our address is{' '}
            <a href={`mailto:${SITE.supportEmail}`} className={linkClass}>
              {SITE.supportEmail}
            </a>
            .
          </p>
        </CardContent>
      </Card>
    </aside>
  );
}
