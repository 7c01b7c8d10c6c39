import { Link } from 'react-router';
import { SETTING_LIMITS } from '../limits';
import { CodeBlock } from './code-block';
import { DocSection } from './doc-section';

const WATCH = `# Read each file put in ./inbox once, into one growing table
npx rowsmith watch ./inbox --template invoice --out invoices.csv

# The same, each file run as a job on your server with a saved extractor
npx rowsmith watch ./inbox --template "Supplier invoices" --out invoices.xlsx \\
  --server https://rowsmith.example.com --api-key "$ROWSMITH_API_KEY"`;

/** A default /docs#limits also lists (docs-facts.test.ts checks them against the server's). */
const limitOf = (setting: string) =>
  SETTING_LIMITS.find((limit) => limit.setting === setting)?.value ?? 0;

export function AutomationSection() {
  return (
    <DocSection id="automation">
      <p>
        A saved extractor can take documents without you: mailed to its own address, or fetched from
        a web page on a schedule. Each document runs as a job of yours, with the extractor&apos;s
        columns and description: it takes a credit as any run does, and appears in{' '}
        <Link to="/history">History</Link> and in your webhooks. A folder watched on your own
        computer does the same with <code>--server</code> and an API key; without them it reads on
        that computer, with no account. Pick a saved extractor on the{' '}
        <Link to="/extract">Extract</Link> page to see and change what it does on its own.
      </p>
      <h3>An inbox address per extractor</h3>
      <ul>
        <li>
          Each saved extractor has an address such as <code>3f9c…@in.rowsmith.example</code>, with a
          Copy button in its panel (and as <code>inbox_address</code> in{' '}
          <code>GET /api/extractors/{'{id}'}</code>). A mail to it becomes a job: each attachment of
          a type we read is a document, and so is the mail itself when it holds the data, such as an
          HTML table. Tables that only lay out the text or a signature are not data: such a body is
          not read. History and the reply name the sender and the subject, and say what was not
          read.
        </li>
        <li>
          Attachments get the same checks as uploads: their size, their content against their type,
          programs refused, each read in isolation.
        </li>
        <li>
          Only people you trust can mail it: your own account&apos;s address, and the addresses (
          <code>ada@example.com</code>) or whole domains (<code>@example.com</code>) you add under
          &ldquo;Who may mail it&rdquo; in its panel (<code>inbox_senders</code> in{' '}
          <code>PUT /api/extractors/{'{id}'}/automation</code>, at most 50). Both the sender the
          mail was sent by and its From line must be allowed; anyone else&apos;s mail is refused
          (550 5.7.1) and makes no job, takes no credit and gets no reply.
        </li>
        <li>
          When the server sends mail, an allowed sender gets a reply saying what was read, with the
          table attached as CSV or XLSX if you choose one under &ldquo;Replies&rdquo;. It says how
          many values are flagged for review, in all and per document, so nobody takes a doubtful
          table as checked.
        </li>
        <li>
          When your credits run short, the documents they cover run and the others wait for credits:
          History shows &ldquo;Waiting for credits&rdquo; with a link to ask for more, and you are
          told by mail (the sender is not). They run by themselves once you have credits, for up to
          7 days, without the mail being sent again; the reply goes when the last one has run.
          Cancelling the job stops those still waiting.
        </li>
        <li>
          &ldquo;Take mail from anyone&rdquo; (<code>inbox_is_open</code>) opens the inbox to
          whoever knows the address, at your credits&apos; cost; it then replies to nobody, since a
          sender&apos;s address can be forged. Rowsmith checks neither SPF nor DKIM, so someone who
          forges an allowed address is taken for it.
        </li>
        <li>
          A mail to an address that is not an inbox is refused (550), so is a mail over the size
          limit (552); an inbox that gets too many mails asks the sending server to try later (450),
          and so does one sending address that has had {limitOf('INBOUND_SENDER_RATE_LIMIT')} mails
          taken by your inboxes in the last hour, so one sender cannot use up the whole inbox. If
          the address leaks, press Replace address, and mail to the old one is refused from then on.
        </li>
      </ul>
      <h3>A webhook for what arrives</h3>
      <p>
        Give the extractor a webhook address (under &ldquo;Webhook&rdquo; in its panel, or{' '}
        <code>webhook_url</code> in <code>PUT /api/extractors/{'{id}'}/automation</code>) and each
        job its inbox or schedule makes is posted there when it ends: the same signed{' '}
        <code>job.finished</code> message as any job&apos;s webhook, with its review and its rows in{' '}
        <code>result</code> (up to 1 MB of JSON; a larger table is fetched from{' '}
        <code>result_url</code>). The address must be a public http or https one; one the server
        refuses is not saved, and the panel shows why. Empty the field or press Remove webhook to
        stop.
      </p>
      <h3>Review before delivery</h3>
      <p>
        Turn on &ldquo;Hold replies and webhooks until flagged values are reviewed&rdquo; in the
        panel (<code>hold_for_review</code> in <code>PUT /api/extractors/{'{id}'}/automation</code>)
        and a job of its inbox or schedule with values flagged for review keeps its reply, its
        webhook and the rows its schedule collects back: History shows it as &ldquo;Waiting for
        review&rdquo; with the count (<code>waiting_for_review</code> on the job). Once each flagged
        value is accepted or corrected, they go within seconds, carrying the corrections. A job with
        nothing flagged is delivered at once, as without the hold.
      </p>
      <h3>A watched folder</h3>
      <p>
        <code>rowsmith watch DIR</code> reads the files already in a folder, then each new one, once
        it has stopped changing (a copy or a scanner still writing is waited for). Its rows are
        appended, with a first <code>source</code> column naming the file, to the CSV or XLSX table
        in <code>--out</code>, and the file moves to <code>DIR/done</code>, or to{' '}
        <code>DIR/failed</code> beside a <code>.error.txt</code> that says why (the model declined,
        the key was refused, no rows matched your columns, the file type is not read…). Stopped and
        started again, it reads nothing twice, not even a file put back from <code>failed</code>;
        Ctrl-C stops it cleanly.
      </p>
      <p>
        It acts only inside the folder (which may itself be given as a link). A link put in the
        folder is skipped, said once and left where it is, never followed or moved. It makes{' '}
        <code>done</code> and <code>failed</code> itself and stops, saying why, if either (or its
        journal) is a link or not a folder, rather than move a file elsewhere. It writes its journal
        and error files as new files that no link can redirect. It moves only the file it read: one
        replaced or changed while it was read stays, is read again once it settles, and its rows are
        appended once. A file over <code>MAX_UPLOAD_MB</code> (25 MB unless set) goes to{' '}
        <code>failed</code> unread, with why, and the watcher carries on.
      </p>
      <CodeBlock title="watch.sh" code={WATCH} />
      <h3>Scheduled web pages</h3>
      <ul>
        <li>
          Give an extractor a public page and how often to read it: every hour, day or week. Saving
          does not read the page: the first run is one interval after you set the schedule, and
          saving another address or interval keeps the clock (the next run is one interval after the
          last one). Each run adds only the rows no earlier run found; all of them, with when each
          was first seen, download as CSV from the panel (or{' '}
          <code>GET /api/extractors/{'{id}'}/schedule/rows</code>).
        </li>
        <li>
          <strong>Key columns</strong> (optional, in the panel or <code>key_columns</code>) say what
          identifies a row, such as an order or transaction number: a row whose key an earlier run
          found updates that row, in its place, instead of being added again. Without a key a row is
          new unless every value matches one found before. A correction you make to a scheduled
          run&apos;s result reaches the collected rows, and with{' '}
          <strong>Review before delivery</strong> a run&apos;s rows join them only once its flagged
          values are reviewed.
        </li>
        <li>
          Saving with nothing changed does nothing. A new page address asks whether its rows join
          the ones collected or start a new collection (<code>new_collection: true</code>).{' '}
          <strong>Remove schedule</strong> asks first; the collected rows stay to download until the
          extractor is deleted.
        </li>
        <li>
          <strong>Run now</strong>, beside Save, reads the page at once (or{' '}
          <code>POST /api/extractors/{'{id}'}/schedule/run</code>); the next run is then one
          interval later. A page read less than a minute ago, by its schedule or by Run now, is not
          read again: the answer says when it can be (429 with <code>Retry-After</code>).
        </li>
        <li>
          Each run takes a credit. You can keep up to {limitOf('SCHEDULES_PER_USER')} scheduled
          pages. After {limitOf('SCHEDULE_MAX_FAILURES')} failed runs in a row a schedule pauses
          itself and says why in the panel; saving it again resumes it.
        </li>
      </ul>
    </DocSection>
  );
}
