import localModelEnv from '../../../../../docs/examples/local-model.env?raw';
import productionEnv from '../../../../../docs/examples/production.env?raw';
import workers from '../../../../../docs/examples/workers.sh?raw';
import { CodeBlock } from './code-block';
import { DocSection } from './doc-section';

const INBOUND_ENV = `# Receive mail for saved extractors' inboxes on port 2525 of this server
INBOUND_SMTP_PORT=2525
# Inbox addresses are <token>@in.rowsmith.example.com (default: the host of APP_URL)
INBOUND_EMAIL_DOMAIN=in.rowsmith.example.com
# Optional: reply to each sender with what was read, and the table when the extractor says so
# (and account mail)
SMTP_URL=smtps://user:password@smtp.example.com:465

# DNS: the MX record of the inbox domain names a host whose port 25 reaches INBOUND_SMTP_PORT
#   in.rowsmith.example.com.  MX 10  mx.rowsmith.example.com.
# On that host, forward the port (or let your mail server relay the domain to it):
#   iptables -t nat -A PREROUTING -p tcp --dport 25 -j REDIRECT --to-port 2525`;

export function SelfHostingSection() {
  return (
    <DocSection id="self-hosting">
      <p>
        Rowsmith is one Node.js application (20.19 or newer). From a checkout,{' '}
        <code>npm ci &amp;&amp; npm start</code> builds the web app and serves it on port 3000, with
        a SQLite database and stored results under <code>./data</code>: nothing else to install.
      </p>
      <h3>Settings</h3>
      <p>
        Settings are environment variables, or lines in a <code>.env</code> file (the real
        environment wins). They are checked once at start: a wrong value stops the server with a
        message naming it. <code>.env.example</code> in the repository documents every one. In
        production set <code>NODE_ENV=production</code>, <code>AUTH_SECRET</code> (required there;
        generate one with <code>openssl rand -hex 32</code>, the example below is refused) and{' '}
        <code>APP_URL</code>, the https address people use, which makes sign-in cookies secure.
        Without <code>SMTP_URL</code>, password-reset links are written to the server log; with it,
        new accounts confirm their address by a mailed link before their credits come (
        <code>REQUIRE_EMAIL_VERIFICATION</code>). Behind a reverse proxy, set{' '}
        <code>TRUST_PROXY</code> to <code>true</code> for one proxy, or to the number of proxies in
        a row or their addresses, so that limits count your visitors&apos; addresses.
      </p>
      <h3>PostgreSQL and S3</h3>
      <p>
        Set <code>DATABASE_URL=postgres://…</code> to use PostgreSQL instead of SQLite; migrations
        run at every start on either. Stored results go to any S3-compatible store (AWS S3, MinIO,
        Cloudflare R2) with <code>STORAGE_DRIVER=s3</code> and the <code>S3_*</code> settings.
      </p>
      <CodeBlock title="production.env" code={productionEnv} />
      <h3>Receiving mail</h3>
      <p>
        Set <code>INBOUND_SMTP_PORT</code> and <code>rowsmith serve</code> receives mail for the
        inbox address of every saved extractor (see{' '}
        <a href="#automation">Inboxes, watched folders and schedules</a>); workers need nothing
        more. Mail servers deliver to port 25 of the host your domain&apos;s MX record names:
        forward that port to <code>INBOUND_SMTP_PORT</code>, or have the mail server you already run
        relay the inbox domain to it. The receiver refuses mail for any other domain (it relays
        nothing), an unknown inbox with 550, a mail over <code>INBOUND_MAX_MB</code> with 552, a
        mail whose MIME cannot be read (too many parts, nested too deep) with 554 for good, an inbox
        over <code>INBOUND_RATE_LIMIT</code> accepted mails with 450, a sending address over{' '}
        <code>INBOUND_SENDER_RATE_LIMIT</code> accepted mails to one owner with 450 4.7.1, and more
        than <code>INBOUND_MAX_CONCURRENT</code> mails at once with 451.
      </p>
      <p>
        What is checked: the recipient (an inbox that exists, on your domain), the sender (the
        envelope sender and the From line must both be the owner or someone the owner allows, else
        550 5.7.1), the size, the rate per inbox, and every attachment as an upload is checked. What
        is not: SPF, DKIM and DMARC, so a forged allowed sender is taken for real (see
        docs/decisions/033-inbox-senders.md). The receiver offers no STARTTLS or AUTH; to have mail
        encrypted on the way, or senders verified, put a mail server that does so in front and let
        it forward to Rowsmith.
      </p>
      <CodeBlock title="inbound-mail.env" code={INBOUND_ENV} />
      <h3>Separate workers</h3>
      <p>
        Every extraction is a job. On SQLite the web server runs its jobs itself. On PostgreSQL any
        number of <code>rowsmith worker</code> processes, on any machines, share the work; start web
        servers with <code>RUN_WORKERS=false</code> to keep them to web requests. Workers need the
        same database and, on other machines, the same S3 store. A worker that dies mid-document
        loses nothing: after <code>JOB_LEASE_SECONDS</code> (60) another takes the document over,
        and no document is charged or extracted twice.
      </p>
      <CodeBlock title="workers.sh" code={workers} />
      <h3>A local model</h3>
      <p>
        Any OpenAI-compatible chat-completions endpoint works: OpenAI (the default model is{' '}
        <code>gpt-4o</code>), Azure, OpenRouter, or one on your own machine such as Ollama, vLLM or
        LM Studio. Point <code>OPENAI_BASE_URL</code> at it; a local server needs no key. With
        neither <code>OPENAI_API_KEY</code> nor <code>OPENAI_BASE_URL</code>, the offline extractor
        matches tables and <code>Key: value</code> lines to your columns, with no model at all.
        Images and scanned pages are read by OCR on the server in every case.
      </p>
      <CodeBlock title="local-model.env" code={localModelEnv} />
    </DocSection>
  );
}
