import cliReview from '../../../../../docs/examples/cli-review.sh?raw';
import corrections from '../../../../../docs/examples/corrections.mts?raw';
import { REVIEW_REASONS, REVIEW_THRESHOLD_DEFAULT } from '../review-reasons';
import { CodeBlock } from './code-block';
import { DocSection, DocTable } from './doc-section';

const CORRECTION_ERRORS = [
  ['400 CORRECTION_DOCUMENT_NOT_FOUND', 'The job has no such document with rows.'],
  [
    '400 CORRECTION_ROW_NOT_FOUND',
    'The document has no such row; the message says how many it has.',
  ],
  ['400 CORRECTION_COLUMN_NOT_FOUND', 'The job has no such column; the message lists its columns.'],
  [
    '400 CORRECTION_VALUE_INVALID',
    'The value cannot take the column’s type; the message says how to write it.',
  ],
  ['404 JOB_NOT_FOUND', 'No such job, or another person’s.'],
  ['410 RESULT_EXPIRED', 'The results of a run without an account were deleted after 24 hours.'],
] as const;

export function ReviewSection() {
  return (
    <DocSection id="review">
      <p>
        Every cell of every result has a <strong>confidence</strong> from 0 to 1, built from
        evidence you can check: where its value was found in the source, whether it was found with
        the rest of its row, how sure OCR and the model were. A cell below the review threshold (
        <code>REVIEW_THRESHOLD</code>, {REVIEW_THRESHOLD_DEFAULT} by default) is{' '}
        <strong>flagged</strong>: worth a look before you trust it. Each flagged cell says why:
      </p>
      <DocTable
        caption="Why a cell's confidence is lowered"
        head={['Reason', 'What it means']}
        rows={REVIEW_REASONS.map(([code, words]) => [<code key="code">{code}</code>, words])}
      />
      <h3>In results</h3>
      <ul>
        <li>
          A result (<code>POST /api/extractions</code>, a job document&apos;s result) has{' '}
          <code>cells</code>, one entry per row of <code>rows</code>: for each column its{' '}
          <code>confidence</code>, <code>flagged</code>, <code>reasons</code> (code, words and the
          weight each applied), <code>edited</code> and <code>evidence</code>; and{' '}
          <code>review</code>: <code>{'{ total, flagged, edited }'}</code>.
        </li>
        <li>
          <code>evidence</code> is where the value was found in <code>sourceText</code> (
          <code>start</code>, <code>end</code>, <code>page</code>), or <code>null</code>. For PDFs
          and images it adds <code>box</code>: <code>x</code>, <code>y</code> (from the top left),{' '}
          <code>width</code> and <code>height</code> in the page&apos;s units, with{' '}
          <code>pageWidth</code> and <code>pageHeight</code>. A job document&apos;s result lists its
          pages as pictures in <code>pages</code> (<code>{'{ page, width, height, image }'}</code>):
          GET <code>image</code> for the page, and scale a box by the picture&apos;s width over{' '}
          <code>pageWidth</code>.
        </li>
        <li>
          A job&apos;s table (<code>GET /api/jobs/&#123;id&#125;/result?format=json</code>) adds{' '}
          <code>cells</code> (the <code>source</code> column has none), <code>origins</code> (each
          row&apos;s <code>document_id</code> and <code>row</code>, as corrections name them) and{' '}
          <code>review</code>. Jobs, their events and webhooks carry the job&apos;s{' '}
          <code>review</code>, and each document&apos;s.
        </li>
      </ul>
      <h3>In the browser</h3>
      <p>
        Flagged cells are marked in the result table with an icon and a dotted underline, and say
        why when read aloud. <strong>Review N cells</strong> steps through them with the source
        beside the table (below the cell on a phone): the passage, or for PDFs and images the page
        with the value&apos;s box highlighted and its row&apos;s other values outlined. Keys:{' '}
        <kbd>N</kbd> next, <kbd>P</kbd> previous, <kbd>A</kbd> accept, <kbd>E</kbd> edit,{' '}
        <kbd>U</kbd> undo a correction or an acceptance, <kbd>Escape</kbd> close. Accept and edit go
        on to the next flagged cell; after the last one the review stays on that cell and says so.
        Undo takes back the current cell&apos;s correction or acceptance, or else the last one you
        made since the review opened, and goes back to that cell as it was extracted. What you
        accept or correct is saved with the run at once (the corrections below), so it is there
        after a reload, in History and in every download; a refused correction keeps what you typed
        and says why.
      </p>
      <h3>Corrections</h3>
      <p>
        <code>POST /api/jobs/&#123;id&#125;/corrections</code> with{' '}
        <code>{'{ "corrections": [{ "document_id", "row", "column", "value" }] }'}</code> corrects
        cells of your own job. Each value is converted to its column&apos;s type by the same rules
        as extracted values (see <a href="#coercion">How values are converted</a>);{' '}
        <code>null</code> or <code>&quot;&quot;</code> empties a cell. A corrected cell is{' '}
        <code>edited</code>, with confidence 1, never flagged; sending the value it already has
        accepts it (<code>accepted</code>, unflagged). A batch is all or nothing, and a cell keeps
        one correction: a new one replaces it, keeping the value as extracted in{' '}
        <code>old_value</code>. <code>GET</code> lists the job&apos;s corrections, and{' '}
        <code>DELETE /api/jobs/&#123;id&#125;/corrections/&#123;correctionId&#125;</code> undoes
        one. Every result, export (JSON, CSV, XLSX) and stored download shows corrected values, and
        History counts them. Corrections are deleted with the job or the account.
      </p>
      <DocTable caption="Corrections refused" head={['Answer', 'Why']} rows={CORRECTION_ERRORS} />
      <p>
        Runs without an account are kept for 24 hours: after that their results, corrections and
        page pictures are deleted, and reading them, the job&apos;s events or running it again
        answers <code>410 RESULT_EXPIRED</code>. A signed-in user&apos;s runs are kept until they
        delete their account.
      </p>
      <CodeBlock title="corrections.mts" code={corrections} />
      <h3>On the command line, and measuring a model: eval</h3>
      <p>
        <code>rowsmith extract --flagged</code> lists flagged cells with their reasons on standard
        error; <code>--cells</code> (with <code>--format json</code>) prints{' '}
        <code>{'{ rows, cells, review }'}</code>. Both work locally and with <code>--server</code>.
      </p>
      <p>
        <code>rowsmith eval INPUT --reference EXPECTED.csv</code> (with <code>--columns</code> or{' '}
        <code>--template</code>, and <code>--server</code> and <code>--api-key</code> to run on a
        server) runs an extraction and scores it against a table you checked by hand, whose first
        line names the columns: rows matched (by their cells, in any order), missing and extra; the
        share of right cells per column; and per confidence band (0–0.3, 0.3–0.6, 0.6–0.9, 0.9–1),
        flagged or not, with how many wrong cells the flags caught. Values are compared as their
        types (1,234.50 and 1234.5 are one number). <code>--threshold 0.8</code> judges flags by
        another threshold; <code>--json</code> prints the report for programs. Run it on a few of
        your own documents before trusting a model, and set <code>REVIEW_THRESHOLD</code> where the
        flags catch the wrong cells you care about.
      </p>
      <CodeBlock title="cli-review.sh" code={cliReview} />
    </DocSection>
  );
}
