import { DATE_EXAMPLES, NUMBER_EXAMPLES } from '../coercion-examples';
import { DocSection, DocTable } from './doc-section';

const c = (text: string) => <code key={text}>{text}</code>;

export function CoercionSection() {
  return (
    <DocSection id="coercion">
      <p>
        Every value, from the model or the offline extractor, is converted to its column&apos;s type
        before it reaches the table. A value that cannot be read is blank: left out of the row for
        optional columns, <code>&quot;&quot;</code> in the first column (<code>0</code> for a
        number). Keys are matched to your column names exactly, then ignoring case, spaces,{' '}
        <code>_</code>, <code>-</code> and <code>.</code>; anything else is dropped.
      </p>
      <h3>Numbers</h3>
      <DocTable
        caption="How numbers are read"
        head={['Written', 'Read as', 'Rule']}
        rows={NUMBER_EXAMPLES.map(([written, read, rule]) => [c(written), c(read), rule])}
      />
      <p>
        Not numbers: <code>N/A</code>, <code>-</code>, <code>1.2.3</code>, <code>12 apples</code>,{' '}
        <code>5 m</code> (a unit, not a multiplier) and dates. German <code>1.234</code> meaning one
        thousand is read as 1.234; with decimals (<code>1.234,00</code>) it is read right.
      </p>
      <h3>Dates</h3>
      <DocTable
        caption="How dates are read"
        head={['Written', 'Read as', 'Rule']}
        rows={DATE_EXAMPLES.map(([written, read, rule]) => [c(written), c(read), rule])}
      />
      <p>
        A date must exist (<code>2023-02-29</code> does not) and have a day and a year:{' '}
        <code>March 2025</code> and <code>3 March</code> are blank rather than guessed.
      </p>
      <h3>Booleans and text</h3>
      <p>
        True: <code>true</code> <code>yes</code> <code>1</code> <code>y</code> <code>t</code>{' '}
        <code>on</code> <code>✓</code>. False: <code>false</code> <code>no</code> <code>0</code>{' '}
        <code>n</code> <code>f</code> <code>off</code> <code>✗</code>. Case is ignored; anything
        else is blank. Text is trimmed; a list becomes its items joined with <code>, </code>.
      </p>
      <h3>Spreadsheet safety</h3>
      <p>
        In CSV, TSV and XLSX exports, text that starts with <code>=</code>, <code>+</code>,{' '}
        <code>-</code> or <code>@</code> gets a leading apostrophe so a spreadsheet shows it instead
        of running it as a formula; plain signed numbers such as <code>-1883.70</code> are left
        alone. JSON is always exact.
      </p>
    </DocSection>
  );
}
