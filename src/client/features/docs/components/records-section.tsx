import cliRecords from '../../../../../docs/examples/cli-records.sh?raw';
import { RECORDS_EXAMPLE, RULE_TYPES } from '../records-example';
import { CodeBlock } from './code-block';
import { DocSection, DocTable } from './doc-section';

const json = (value: unknown) => JSON.stringify(value, null, 2);

const { request, found, failed, formula, correction, corrected } = RECORDS_EXAMPLE;

/** What the worked invoice's result holds, shortened to the parts this section is about. */
const RESULT = `{
  "rows": ${json(found.rows).replaceAll('\n', '\n  ')},
  "fields": ${json(found.fields).replaceAll('\n', '\n  ')},
  "fieldCells": {
    "subtotal": {
      "confidence": 0.45,
      "flagged": true,
      "reasons": [{ "code": "RULE_FAILED", "message": "${failed}" }],
      …
    },
    …
  },
  "checks": [
    { "rule": { "type": "sum", "column": "amount", "field": "subtotal" }, "passed": false,
      "message": "${failed}",
      "cells": [{ "field": "subtotal" }, { "row": 0, "column": "amount" }, { "row": 1, "column": "amount" }] },
    { "rule": { "type": "formula", "expression": "subtotal + tax = total" }, "passed": true,
      "message": "${formula}", "cells": […] }
  ],
  …
}`;

const CORRECTION = json({ corrections: [{ document_id: 'DOCUMENT_ID', ...correction }] });

export function RecordsSection() {
  return (
    <DocSection id="records">
      <p>
        Many documents are <strong>records</strong>: an invoice has a number, a date and a total,
        and then its line items; a receipt has a merchant and a total; a bank statement has an
        account, a period and its balances around the transactions. Ask for the document&apos;s own
        values as <code>fields</code> beside the line items&apos; <code>columns</code>: a field is
        defined exactly like a column (name, type, description) and has{' '}
        <strong>one value per document</strong>. Either may be empty (fields alone give one row per
        document), but not both, and no name may be both a field and a column.
      </p>
      <p>
        <code>rules</code> check a document against itself. A rule that fails flags the cells it
        involves, with the reason <code>RULE_FAILED</code> and a message that says what was found,
        and every result lists its <code>checks</code>: each rule, passed or not, and its cells.
        Rules are checked again after every correction, so fixing the one wrong line clears the
        subtotal&apos;s flag.
      </p>
      <DocTable
        caption="Rule types"
        head={['Type', 'What it checks', 'Example']}
        rows={RULE_TYPES.map(([type, words, example]) => [
          <code key="type">{type}</code>,
          words,
          <code key="example">{example}</code>,
        ])}
      />
      <p>
        Names in rules are matched like column names (ignoring case, spaces and underscores). A
        formula names fields only: to hold a sum of line items in a formula, give the sum a field of
        its own and a <code>sum</code> rule (the Bank Statement template does this with{' '}
        <code>net_change</code>). Two amounts agree when they are within half a cent; a rule&apos;s{' '}
        <code>tolerance</code> widens that. A field the document leaves out (an invoice without tax)
        counts as 0 when the formula then holds, and the check says so; otherwise the check fails
        and says which field is empty.
      </p>
      <h3>A worked invoice</h3>
      <p>
        An invoice whose toner line was misread as 56.00 (the paper says 66.00), asked for its
        number, date, subtotal, tax and total, its lines&apos; item and amount, and two rules: the
        lines add up to the subtotal, and <code>subtotal + tax = total</code>. The request (
        <code>POST /api/extractions</code>, <code>POST /api/jobs</code>, a saved extractor) carries:
      </p>
      <CodeBlock title="request.json" code={json(request)} />
      <p>
        The result has <code>fields</code> (name to value, <code>null</code> when not found) and{' '}
        <code>fieldCells</code> (for each field the same review object a cell has: confidence, flag,
        reasons, evidence with page and box) beside <code>rows</code> and <code>cells</code>;{' '}
        <code>review</code> counts fields and cells together. The sum fails, so the subtotal and
        both amounts are flagged:
      </p>
      <CodeBlock title="result.json" code={RESULT} />
      <p>
        Correct the line (<code>POST /api/jobs/&#123;id&#125;/corrections</code>, or Edit in the
        review) and the rules are checked again: the check now says “{corrected}”, and the{' '}
        <code>RULE_FAILED</code> flags are gone. A field is corrected the same way with{' '}
        <code>field</code> in place of <code>row</code> and <code>column</code>.
      </p>
      <CodeBlock title="corrections.json" code={CORRECTION} />
      <h3>Both shapes</h3>
      <ul>
        <li>
          <strong>Flat</strong> (CSV, TSV, JSON by default): one row per line item with the
          document&apos;s fields repeated in front; one row per document when there are no columns,
          and for a document without line items.
        </li>
        <li>
          <strong>Documents</strong>:{' '}
          <code>GET /api/jobs/&#123;id&#125;/result?shape=documents</code> gives{' '}
          <code>
            {'{documents: [{document_id, source, fields, fieldCells, rows, cells, checks}]}'}
          </code>
          . XLSX downloads add a <code>Documents</code> sheet (source and fields) and an{' '}
          <code>Items</code> sheet (source, line number and columns) to the flat one.
        </li>
      </ul>
      <h3>In the browser</h3>
      <p>
        A single result shows its fields in a panel above its line items, with the checks that
        failed above both; “Review N cells” walks the flagged fields first, then the cells, a field
        that was not found included. A batch shows one row per document with its fields and its
        number of line items: that number opens the document, its fields above its items, reviewed
        and corrected the same way. “One row per line item” shows the flat table of every document.
      </p>
      <h3>On the command line</h3>
      <p>
        <code>--fields</code> is written like <code>--columns</code> (<code>name:type</code>, comma
        separated); <code>--rules FILE.json</code> is a JSON list of rules, checked before anything
        runs (a wrong one names its place: <code>Rule 2 (pattern): …</code>); a failed check is said
        on standard error. <code>--shape documents</code> (with <code>--format json</code>) prints
        each document apart. <code>rowsmith eval</code> scores fields like columns, against a
        reference that repeats them on each line item or holds one row per document.{' '}
        <code>rowsmith watch</code> takes <code>--fields</code> and <code>--rules</code>, or a
        template&apos;s or saved extractor&apos;s.
      </p>
      <CodeBlock title="cli-records.sh" code={cliRecords} />
      <p>
        The templates <code>invoice</code>, <code>receipt</code>, <code>bankStatement</code> and{' '}
        <code>purchaseOrder</code> are records with their fields and rules (see{' '}
        <a href="#templates">Templates</a>).
      </p>
    </DocSection>
  );
}
