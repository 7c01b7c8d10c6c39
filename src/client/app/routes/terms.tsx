import { Link } from 'react-router';
import { PLAN, SITE } from '../../../shared/site';
import { Page, Prose } from '../../components/layout/page';

const LAST_UPDATED = '22 November 2026';

export function Component() {
  return (
    <Page
      title="Terms of Service"
      eyebrow="Legal"
      lead={`The rules for using ${SITE.name}, in plain English. By using the service you agree to them.`}
    >
      <Prose>
        <p className="text-sm text-muted-foreground">Last updated: {LAST_UPDATED}</p>

        <h2>1. The service</h2>
        <p>
          {SITE.name} turns content you provide (an uploaded file, pasted text or the address of a
          web page) into a table with the columns you define, using an AI model or, where none is
          configured, a built-in extractor. You can copy the table or download it. These terms apply
          to the website, the converter and every other part of the service.
        </p>

        <h2>2. Your account</h2>
        <ul>
          <li>Give a real email address and keep your password to yourself.</li>
          <li>You are responsible for what happens under your account.</li>
          <li>
            Tell us at once if you think someone else has used it, by writing to{' '}
            <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>.
          </li>
          <li>One account per person. Accounts are for people, not for automated sign-ups.</li>
        </ul>

        <h2>3. Credits and the free trial</h2>
        <ul>
          <li>
            A new account receives {PLAN.signUpCredits} credits on sign-up, on the {PLAN.name} plan,
            free of charge.
          </li>
          <li>
            Each successful extraction uses {PLAN.creditsPerExtraction} credit. An extraction is
            successful when it completes and returns your table. A run that fails, or returns only a
            partial or fallback result, costs nothing: a credit set aside for it is given back.
          </li>
          <li>
            Visitors without an account may run {PLAN.anonymousFreeExtractions} free extractions.
            This trial is counted on our server, per browser and per network address, not only in
            your browser.
          </li>
          <li>Credits have no cash value and cannot be sold or transferred to another account.</li>
        </ul>

        <h2>4. Acceptable use</h2>
        <p>You agree not to:</p>
        <ul>
          <li>
            upload, paste or link to content that is unlawful, or that you have no right to use;
          </li>
          <li>
            submit malware, or content designed to attack or mislead the service or the AI model;
          </li>
          <li>
            get around the free trial or credit limits, for example by creating many accounts or
            automating requests;
          </li>
          <li>
            use the web page fetcher to reach private networks, local addresses or services that are
            not meant to be public, or to probe or scan any system;
          </li>
          <li>
            overload, disrupt, reverse engineer or try to gain unauthorised access to the service or
            other users&apos; data.
          </li>
        </ul>
        <p>
          Please don&apos;t upload confidential data or personal information. We may suspend or
          close an account that breaks these rules.
        </p>

        <h2>5. Your content and your results</h2>
        <p>
          You keep ownership of everything you upload, paste or link to, and of the tables made from
          it. You give us permission to process that content only as needed to provide the service:
          to read it, send it to the configured AI model provider, and, for signed-in users, store
          the results for you. You confirm that you have the right to do this with the content you
          submit. The <Link to="/privacy">privacy policy</Link> explains what is kept and for how
          long.
        </p>

        <h2>6. AI output can be wrong</h2>
        <p>
          Extraction is done by an AI model or an automatic extractor, and the result may contain
          errors: a missed row, a misread number, a wrong date. Check the table against your source
          before you rely on it, especially for accounting, legal, financial or medical decisions.
          The result is not professional advice.
        </p>

        <h2>7. Availability</h2>
        <p>
          We work to keep {SITE.name} running and fast, but we cannot promise that it will always be
          available or free of faults. We may change, pause or withdraw features, for example for
          maintenance or security. Where a change removes something you rely on, we will give notice
          when we reasonably can.
        </p>

        <h2>8. Liability</h2>
        <p>
          The service is provided as it is. To the extent the law allows, we are not liable for
          indirect losses, lost profits or lost data arising from your use of the service or from
          errors in extracted results. Nothing in these terms limits rights you have by law that
          cannot be limited.
        </p>

        <h2>9. Deleting your account</h2>
        <p>
          You can delete your account at any time from your account settings. Deleting it removes
          your stored result files, usage records, credits, sessions and the account itself, and
          cannot be undone. Unused credits are lost when the account is deleted.
        </p>

        <h2>10. Changes to these terms</h2>
        <p>
          We may update these terms as the service changes. The date at the top shows the latest
          version. If a change is significant, we will tell signed-in users before it takes effect.
          Continuing to use the service after a change means you accept the new terms.
        </p>

        <h2>11. Contact</h2>
        <p>
          Questions about these terms? Write to{' '}
          <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a> or use the{' '}
          <Link to="/contact">contact form</Link>.
        </p>
      </Prose>
    </Page>
  );
}
