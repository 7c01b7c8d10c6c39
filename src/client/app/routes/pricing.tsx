import { ArrowRight, Check } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PLAN, SITE } from '../../../shared/site';
import { Page, Prose } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '../../components/ui/card';
import { RequestCreditsForm } from '../../features/credits/components/request-credits-form';
import { withRedirect } from '../../lib/safe-redirect';
import { useAuth } from '../../lib/session';
import { cn } from '../../lib/utils';

const REQUEST_CREDITS_PATH = '/pricing#request-credits';

const FOUNDATION_FEATURES = [
  `${PLAN.signUpCredits} credits when you sign up`,
  `${PLAN.creditsPerExtraction} credit per successful extraction; failed or partial runs cost nothing`,
  'Every input: PDF, Word, images, spreadsheets, text and web pages',
  'Copy results, or download them as CSV or JSON',
  'Your results are stored with your account to download again later',
  'A dashboard with your credits and usage',
] as const;

const TRIAL_FEATURES = [
  `${PLAN.anonymousFreeExtractions} free extractions, no account needed`,
  'The same inputs, column types and templates',
  'Copy results, or download them as CSV or JSON',
  'Results are kept for 24 hours, then deleted',
] as const;

export function Component() {
  return (
    <Page
      title="Pricing"
      eyebrow="Pricing"
      lead="Start without an account, then sign up for free credits. You only pay a credit for a table that comes back complete."
    >
      <div className="grid gap-6 md:grid-cols-2">
        <PlanCard
          name={`${PLAN.name} plan`}
          price="Free"
          summary="For anyone who turns documents into tables regularly."
          features={FOUNDATION_FEATURES}
          isFeatured
          action={
            <Button asChild className="w-full">
              <Link to="/sign-up">
                Get Started
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          }
        />
        <PlanCard
          name="Without an account"
          price="Free"
          summary="To see what it does with one of your own documents."
          features={TRIAL_FEATURES}
          action={
            <Button asChild variant="outline" className="w-full">
              <Link to="/#converter">What the converter accepts</Link>
            </Button>
          }
        />
      </div>

      <Prose className="mt-14">
        <h2 className="mt-0!">How credits work</h2>
        <p>
          When you run an extraction, one credit is set aside. It is used only when the extraction
          succeeds and returns your table. If the run fails, or returns only a partial or fallback
          result, the credit is given back, so you can adjust your columns and try again at no cost.
        </p>
        <p>
          Credits and the free trial are counted on our server, not in your browser. When your
          credits run out, the converter tells you before anything runs, and nothing you have
          already extracted is lost: stored results stay available from your dashboard.
        </p>
        <h2>Need more, or want to run it yourself?</h2>
        <p>
          If you need more credits than the {PLAN.name} plan gives,{' '}
          <a href="#request-credits">request them below</a>: we read every request and add the
          credits to your account. To run {SITE.name} on your own servers with your own model,{' '}
          <Link to="/contact">tell us about it</Link> and we&apos;ll find something that works.
        </p>
      </Prose>
      <RequestCreditsSection />
    </Page>
  );
}

/** Issue 20 point 6: the way to more credits, for an account. */
function RequestCreditsSection() {
  const headingId = useId();
  const auth = useAuth();
  return (
    <section
      id="request-credits"
      aria-labelledby={headingId}
      className="mt-14 max-w-2xl scroll-mt-20 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="mb-4 text-2xl font-bold tracking-tight">
        Request credits
      </h2>
      {auth.status === 'signed-in' ? <RequestCreditsForm /> : null}
      {auth.status === 'signed-out' ? (
        <p className="text-sm">
          Credits belong to an account:{' '}
          <Link
            className="font-medium text-primary underline underline-offset-4"
            to={withRedirect('/sign-in', REQUEST_CREDITS_PATH)}
          >
            Sign in
          </Link>{' '}
          or{' '}
          <Link
            className="font-medium text-primary underline underline-offset-4"
            to={withRedirect('/sign-up', REQUEST_CREDITS_PATH)}
          >
            create a free account
          </Link>{' '}
          with {PLAN.signUpCredits} credits, then ask here for more.
        </p>
      ) : null}
    </section>
  );
}

function PlanCard({
  name,
  price,
  summary,
  features,
  action,
  isFeatured = false,
}: {
  name: string;
  price: string;
  summary: string;
  features: readonly string[];
  action: ReactNode;
  isFeatured?: boolean;
}) {
  return (
    <Card
      className={cn('flex min-w-0 flex-col', isFeatured && 'border-primary ring-1 ring-primary')}
    >
      <CardHeader>
        <h2 className="text-lg font-semibold">{name}</h2>
        <p className="text-4xl font-bold tracking-tight">{price}</p>
        <p className="text-sm text-muted-foreground">{summary}</p>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="space-y-3 text-sm">
          {features.map((feature) => (
            <li key={feature} className="flex gap-3">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span className="min-w-0 break-words">{feature}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>{action}</CardFooter>
    </Card>
  );
}
