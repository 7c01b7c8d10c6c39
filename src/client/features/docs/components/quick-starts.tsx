import { Link } from 'react-router';
import { PLAN } from '../../../../shared/site';
import cliExtract from '../../../../../docs/examples/cli-extract.sh?raw';
import { CodeBlock } from './code-block';
import { DocSection } from './doc-section';

export function WebAppQuickStart() {
  return (
    <DocSection id="web-app">
      <p>
        Open the <Link to="/">home page</Link> (or <Link to="/extract">Extract</Link> once signed
        in). Without an account you have {PLAN.anonymousFreeExtractions} free runs;{' '}
        <Link to="/sign-up">signing up</Link> gives {PLAN.signUpCredits} credits, and a run uses one
        only when it fully succeeds.
      </p>
      <ol>
        <li>
          <strong>Add your content.</strong> Upload File (click, drag and drop, or paste a file),
          Paste Text, or Enter URL for a public web page. PDFs may be up to {PLAN.pdfMaxMegabytes}{' '}
          MB, of which the first {PLAN.pdfMaxPages} pages are read.
        </li>
        <li>
          <strong>Define your columns.</strong> Give each a name and a type (Text, Number, Date,
          Boolean), pick one of the template buttons, or press Suggest Columns to have them proposed
          from your content (Undo brings back the columns they replaced). The speech-bubble button
          beside a column holds its instructions for the model, what belongs in it; templates come
          with theirs, and saved extractors keep them. An optional description tells the model what
          the document is.
        </li>
        <li>
          <strong>Run.</strong> Progress shows as the document is read and extracted; rows appear as
          each part of a long document finishes.
        </li>
        <li>
          <strong>Check and export.</strong> Click a cell (or press Enter on it) to see the passage
          its value came from. Values worth a second look are flagged, with a flag, a dotted
          underline and the reasons in words; <em>Review</em> steps through them with the source
          beside the table (N next, P previous, A accept, E edit), and the table can show only
          flagged or edited rows. The table is one stop for the Tab key: the arrow keys move between
          its cells, Page Up and Page Down between its pages. Copy and the downloads hold the rows
          as the table shows them: in its sort, and only the rows its filters (a batch’s document,
          flagged, edited) keep; when a filter hides rows, choose All rows to take every one. Copy
          gives tab-separated text for spreadsheets; the downloads are CSV (UTF-8 with a byte order
          mark, so Excel shows accents right), JSON and XLSX. Numbers keep the decimals they have in
          the source (12.50 stays 12.50, in CSV text and as an XLSX number format), and files are
          named after the source and the time, as in{' '}
          <code>statement-march_2026-11-25_1432.csv</code> (a batch after its documents).
        </li>
      </ol>
      <p>
        Signed in, every run is kept in <Link to="/history">History</Link> with its stored result,
        and <Link to="/settings">Settings</Link> holds your API keys.
      </p>
    </DocSection>
  );
}

export function CommandLineQuickStart() {
  return (
    <DocSection id="command-line">
      <p>
        The <code>rowsmith</code> command ships with the app (Node.js 20.19 or newer). In a
        checkout, run <code>npm ci</code> once; <code>npx rowsmith --help</code> lists every
        command. <code>extract</code> runs on your machine with the model settings of your
        environment or <code>.env</code> (see <a href="#self-hosting">Self-hosting</a>), or with the
        offline extractor when no model is set.
      </p>
      <CodeBlock title="cli-extract.sh" code={cliExtract} />
      <ul>
        <li>
          Inputs are file paths, web addresses, or <code>-</code> for standard input; several inputs
          become one table whose first column, <code>source</code>, names each row&apos;s input.
        </li>
        <li>
          <code>--format</code> is <code>csv</code> (the default, on standard output),{' '}
          <code>json</code> or <code>xlsx</code> (with <code>--out FILE</code>). A CSV file written
          with <code>--out</code> starts with a byte order mark for Excel; <code>--no-bom</code>{' '}
          leaves it out (standard output never has one). A short summary (rows, status, engine) goes
          to standard error.
        </li>
        <li>
          <code>npx rowsmith suggest FILE</code> prints columns ready for <code>--columns</code>;{' '}
          <code>npx rowsmith read FILE</code> prints what was read, as Markdown.
        </li>
        <li>
          Operators also have <code>serve</code>, <code>worker</code>, <code>jobs</code>,{' '}
          <code>users</code> and <code>credits</code>.
        </li>
      </ul>
    </DocSection>
  );
}
