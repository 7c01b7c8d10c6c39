import { Link } from 'react-router';
import batchJob from '../../../../../docs/examples/batch-job.mts?raw';
import extractFile from '../../../../../docs/examples/extract-file.sh?raw';
import extractText from '../../../../../docs/examples/extract-text.sh?raw';
import extractTs from '../../../../../docs/examples/extract.mts?raw';
import savedExtractor from '../../../../../docs/examples/saved-extractor.mts?raw';
import { CodeBlock } from './code-block';
import { DocSection } from './doc-section';

export function ApiQuickStart() {
  return (
    <DocSection id="api">
      <p>
        Everything the web app does goes through the same HTTP API under <code>/api</code>, with
        JSON in and out. The full list of endpoints is in the{' '}
        <Link to="/docs/api">HTTP API reference</Link>.
      </p>
      <h3>1. Create an API key</h3>
      <p>
        Sign in, open <Link to="/settings">Settings</Link>, create a key under API keys and copy it:
        it starts with <code>rsk_</code> and is shown only once. Send it on every request as{' '}
        <code>Authorization: Bearer rsk_…</code>. Runs made with a key use its owner&apos;s credits;
        revoking the key in Settings stops it at once. The examples read the server&apos;s address
        and your key from the environment:
      </p>
      <CodeBlock
        title="environment"
        code={'export ROWSMITH_URL=http://localhost:3000\nexport ROWSMITH_API_KEY=rsk_…'}
      />
      <h3>2. Extract from text or a file</h3>
      <p>
        <code>POST /api/extractions</code> takes the content (<code>text</code>, a public{' '}
        <code>url</code>, or a multipart <code>file</code>) with either <code>columns</code> or a{' '}
        <code>template</code>, and an optional <code>description</code>. It answers when the run is
        done, with <code>rows</code>, <code>status</code> and what the run cost.
      </p>
      <CodeBlock title="extract-text.sh" code={extractText} />
      <CodeBlock title="extract-file.sh" code={extractFile} />
      <p>The same request from TypeScript, handling each kind of answer:</p>
      <CodeBlock title="extract.mts" code={extractTs} />
      <p>
        To follow a long run, send <code>Accept: text/event-stream</code>: the answer streams{' '}
        <code>progress</code> events (stages, pages, each part&apos;s rows) and ends with one{' '}
        <code>result</code> event holding the same body.
      </p>
      <h3>3. Many documents into one table: jobs</h3>
      <p>
        <code>POST /api/jobs</code> takes <code>inputs</code> (a list of <code>text</code> or{' '}
        <code>url</code> items, or multipart <code>file</code> parts beside a <code>request</code>{' '}
        part holding the JSON; a text may have a <code>name</code>, else it is &ldquo;Text 1&rdquo;,
        &ldquo;Text 2&rdquo;&hellip; in the table&apos;s <code>source</code> column, or its first
        words when it is the job&apos;s only input) and answers <code>202</code> at once with the
        job&apos;s <code>id</code>; one credit per document is set aside first. Follow it with{' '}
        <code>GET /api/jobs/&#123;id&#125;</code> or the server-sent events of{' '}
        <code>GET /api/jobs/&#123;id&#125;/events</code>, then fetch the one table with{' '}
        <code>GET /api/jobs/&#123;id&#125;/result?format=json</code> (or <code>csv</code>,{' '}
        <code>xlsx</code>; CSV starts with a byte order mark for Excel unless <code>bom=false</code>
        , and numbers keep their source decimals, listed per column in the JSON&apos;s{' '}
        <code>decimals</code>). A job ends <code>succeeded</code>, <code>partial</code>,{' '}
        <code>failed</code> or <code>cancelled</code> (<code>DELETE /api/jobs/&#123;id&#125;</code>{' '}
        cancels and gives back the credits of documents not yet run).
      </p>
      <p>
        <code>POST /api/jobs/&#123;id&#125;/rerun</code> runs a finished job&apos;s documents again
        with new columns from what was read from them, without the files: that is kept for 24 hours,
        after which it answers <code>409 RERUN_UNAVAILABLE</code>. A rerun is a new job and costs
        one credit per document. <code>document_ids</code> limits it to some of the job&apos;s
        documents: a document that failed after it was read says{' '}
        <code>&quot;can_run_again&quot;: true</code>, and{' '}
        <code>&#123;&quot;document_ids&quot;: [&quot;…&quot;]&#125;</code> alone tries it again with
        the job&apos;s own columns (the batch&apos;s <strong>Try again</strong> button).
      </p>
      <p>
        Unchanged input is not sent to the model twice. When a document reads the same as one of
        your earlier runs that ended <code>200</code> (its content, whatever the file is called),
        with the same columns, description and model, and that result is still kept, the run is
        given that result again at once: it is marked <code>fromCache</code> (with the earlier
        document&apos;s id and time; on a job&apos;s documents, <code>from_cache</code>), its usage
        is 0 model calls and 0 tokens, and corrections made to the earlier run stay with that run.
        It is still a run: it costs a credit (or a free run) like any other. Send{' '}
        <code>&quot;cache&quot;: false</code> to an extraction, job or rerun (
        <code>rowsmith extract --no-cache</code>) to ask the model again. Only your own results are
        ever given to you.
      </p>
      <CodeBlock title="batch-job.mts" code={batchJob} />
      <h3>4. Save your columns: extractors</h3>
      <p>
        <code>POST /api/extractors</code> saves columns and a description under a name; pass the
        extractor&apos;s <code>id</code> as <code>template</code> to any extraction, job or rerun. A{' '}
        <code>description</code> in the request wins over the saved one. <code>GET</code>,{' '}
        <code>PUT</code> and <code>DELETE /api/extractors/&#123;id&#125;</code> read, replace and
        delete one.
      </p>
      <CodeBlock title="saved-extractor.mts" code={savedExtractor} />
      <p>
        Errors always answer JSON: <code>{'{ "error": { "code", "message", "requestId" } }'}</code>,
        and every answer carries an <code>X-Request-Id</code> header; quote it when you{' '}
        <a href="#support">contact support</a>.
      </p>
    </DocSection>
  );
}
