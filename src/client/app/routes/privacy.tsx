import { Link } from 'react-router';
import { SITE } from '../../../shared/site';
import { Page, Prose } from '../../components/layout/page';

const LAST_UPDATED = '22 November 2026';

export function Component() {
  return (
    <Page
      title="Privacy Policy"
      eyebrow="Legal"
      lead={`What ${SITE.name} stores, what it doesn't, and who sees your content on its way to becoming a table.`}
    >
      <Prose>
        <p className="text-sm text-muted-foreground">Last updated: {LAST_UPDATED}</p>

        <h2>In short</h2>
        <ul>
          <li>
            The files and text you give the converter are used to build your table, then discarded.
          </li>
          <li>If you have an account, we keep your results so you can download them again.</li>
          <li>If you don&apos;t, we keep no results at all, only a counter for the free trial.</li>
          <li>No advertising, no tracking cookies, no selling of data.</li>
        </ul>

        <h2>Your content</h2>
        <p>
          Uploaded files and pasted text are processed in memory to produce your table and are not
          kept afterwards. When you enter a web page address, our server fetches that page for you,
          so the website sees a request from our server rather than from your browser.
        </p>
        <p>
          To read your content, {SITE.name} sends it to the AI model provider the service is
          configured to use: OpenAI by default, or another compatible provider chosen by whoever
          runs the service. That provider processes the content under its own terms for API
          customers. When no model is configured, extraction runs entirely on our server and your
          content goes nowhere else.
        </p>
        <p>
          Please don&apos;t upload confidential data or personal information, such as identity
          documents, medical records or other people&apos;s contact details.
        </p>

        <h2>What we store when you have an account</h2>
        <ul>
          <li>
            <strong>Your account:</strong> your name, your email address and your password, which is
            stored only as a secure hash.
          </li>
          <li>
            <strong>Sessions:</strong> a record of each signed-in session, so you stay signed in and
            can be signed out.
          </li>
          <li>
            <strong>Credits:</strong> how many credits you have and how many you were given.
          </li>
          <li>
            <strong>Usage records:</strong> for each extraction, its type (file, text or web page),
            the number of columns and rows, the file type and size, the processing time, whether it
            succeeded or the error message, and the location of the stored result file.
          </li>
          <li>
            <strong>Result files:</strong> the JSON result of each successful extraction, so you can
            download it again from your dashboard.
          </li>
        </ul>

        <h2>What we keep for visitors without an account</h2>
        <p>
          Results are kept for 24 hours, so that you can review, correct and download them, then
          deleted. To count the free trial we keep only a signed, anonymous identifier in a cookie
          in your browser, and a daily count of extractions per network address on our server.
          Neither is linked to who you are.
        </p>

        <h2>Other information</h2>
        <ul>
          <li>
            <strong>Contact messages:</strong> what you send through the{' '}
            <Link to="/contact">contact form</Link> (your name, email, subject and message) is
            stored so that we can answer you, and its arrival and subject are noted in the server
            log.
          </li>
          <li>
            <strong>Server logs:</strong> each request is logged with a request id, its method,
            path, status and duration, so we can keep the service running and investigate errors.
            Your files, pasted text and extracted tables are not written to the logs.
          </li>
          <li>
            <strong>Theme preference:</strong> your choice of light, dark or system theme is saved
            in your browser&apos;s local storage and never sent to us.
          </li>
        </ul>

        <h2>Cookies</h2>
        <p>
          We use only the cookies the service needs to work: a session cookie when you are signed
          in, and the anonymous trial cookie described above. There are no advertising, analytics or
          tracking cookies, and no third-party scripts on our pages.
        </p>

        <h2>How long we keep it</h2>
        <p>
          Account data, usage records, results (with your corrections and the pictures of your
          documents&apos; pages) and result files are kept for as long as you have an account. The
          results of runs made without an account are deleted after 24 hours. Trial counters expire
          on their own. Contact messages are kept as long as needed to answer and follow up.
          Deleting your account removes your result files, usage records, credits, sessions and your
          user account.
        </p>

        <h2>Your rights</h2>
        <p>
          You can ask to see the personal data we hold about you, have it corrected, receive a copy,
          or have it deleted. You can delete your account yourself at any time in your account
          settings. For anything else, write to us and we will answer within one month.
        </p>

        <h2>Changes to this policy</h2>
        <p>
          If we change what we collect or how we use it, we will update this page and its date, and
          tell signed-in users about significant changes before they take effect.
        </p>

        <h2>Contact</h2>
        <p>
          Privacy questions and requests go to{' '}
          <a href={`mailto:${SITE.privacyEmail}`}>{SITE.privacyEmail}</a>. The{' '}
          <Link to="/terms">terms of service</Link> cover the rest of how the service works.
        </p>
      </Prose>
    </Page>
  );
}
