import { COLUMN_LIMITS } from '../../../../shared/column-types';
import type { ColumnDefinition } from '../../../../shared/columns';
import type { Rule } from '../../../../shared/records';
import { TEMPLATES } from '../../../../shared/templates';
import { DocSection, DocTable } from './doc-section';

const TYPES = [
  ['text', 'Trimmed text. Numbers and booleans the model returns become their text.'],
  ['number', 'A plain number: currency signs, thousands separators and % are removed.'],
  ['date', 'A real calendar date written YYYY-MM-DD.'],
  ['boolean', 'true or false, from yes/no, 1/0, y/n, on/off, ✓/✗ and the like.'],
] as const;

export function ColumnsSection() {
  return (
    <DocSection id="columns">
      <p>
        A column is a <code>name</code>, a <code>type</code> (<code>text</code> when left out) and
        an optional <code>description</code> that tells the model what belongs in it. Names that say
        what the value is (<code>unit_price</code>, <code>due_date</code>) work better than vague
        ones (<code>value</code>).
      </p>
      <DocTable
        caption="Column types"
        head={['Type', 'What you get']}
        rows={TYPES.map(([type, text]) => [<code key={type}>{type}</code>, text])}
      />
      <ul>
        <li>
          The <strong>first column is required</strong>: every row has it, as{' '}
          <code>&quot;&quot;</code> (or <code>0</code> for a number column) when nothing was found.
          The others are optional and left out of a row when blank or not valid for their type.
        </li>
        <li>
          Up to {COLUMN_LIMITS.columns} columns; names up to {COLUMN_LIMITS.name} characters and
          different from each other (ignoring case); descriptions up to {COLUMN_LIMITS.description}{' '}
          characters. Blank names are ignored, and at least one must remain.
        </li>
        <li>Identical rows are kept once, at their first place in the document.</li>
      </ul>
    </DocSection>
  );
}

const named = (definitions: readonly ColumnDefinition[]) =>
  definitions.map((definition) => `${definition.name} (${definition.type})`).join(', ');

/** A template's rule in a few words: "amount adds up to subtotal". */
function ruleWords(rule: Rule): string {
  switch (rule.type) {
    case 'sum':
      return `${rule.column} adds up to ${rule.field}`;
    case 'formula':
      return rule.expression;
    case 'unique':
      return `${rule.column} unique`;
    default:
      return `${rule.name} ${rule.type}`;
  }
}

export function TemplatesSection() {
  return (
    <DocSection id="templates">
      <p>
        A template is a ready set of columns, and for a record its fields and rules too. In the web
        app they are the buttons above the column editor; in the API and the command line, pass the
        key as <code>template</code> (or <code>--template</code>). Your own saved extractors work
        the same way with their id (see <a href="#api">the API quick start</a>). A template&apos;s
        columns are a starting point: in the web app you can change them before you run.
      </p>
      <DocTable
        caption="Built-in templates"
        head={['Template', 'Key', 'Fields', 'Columns', 'Rules']}
        rows={TEMPLATES.map((template) => [
          template.label,
          <code key="key">{template.key}</code>,
          named(template.fields ?? []),
          named(template.columns),
          (template.rules ?? []).map(ruleWords).join('; '),
        ])}
      />
      <p>
        Invoice, Receipt, Bank Statement and Purchase Order are records: their fields are the
        document&apos;s own values, one each, beside its line items, and their rules flag what does
        not add up (see <a href="#records">Records and rules</a>).
      </p>
    </DocSection>
  );
}
