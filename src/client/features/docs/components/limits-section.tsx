import { COLUMN_LIMITS } from '../../../../shared/column-types';
import { REQUEST_LIMITS, SETTING_LIMITS } from '../limits';
import { DocSection, DocTable } from './doc-section';

const format = (value: number) => value.toLocaleString('en-US');

export function LimitsSection() {
  return (
    <DocSection id="limits">
      <p>
        These are the defaults; a self-hosted server changes each with the setting named beside it
        (see <a href="#self-hosting">Self-hosting</a>). A file over a limit is refused before
        anything is charged, with a message that names the limit.
      </p>
      <DocTable
        caption="Limits and their settings"
        head={['Limit', 'Default', 'Setting']}
        rows={SETTING_LIMITS.map((limit) => [
          limit.what,
          `${format(limit.value)}${limit.unit ? ` ${limit.unit}` : ''}`,
          <code key="setting">{limit.setting}</code>,
        ])}
      />
      <ul>
        <li>
          In one request: pasted text up to {format(REQUEST_LIMITS.textCharacters)} characters, a
          description up to {format(REQUEST_LIMITS.descriptionCharacters)}, and up to{' '}
          {COLUMN_LIMITS.columns} columns.
        </li>
        <li>
          A JSON body may weigh 1 MB (<code>BODY_LIMIT_KB</code>) and hold 20,000 values: send
          files, and text longer than that, as <code>multipart/form-data</code> (a <code>file</code>{' '}
          part, or a <code>text</code> field).
        </li>
        <li>
          Supported files: PDF, Word (.docx), images (PNG, JPEG, WebP, GIF, BMP, TIFF, read by local
          OCR), plain text and Markdown, CSV and TSV, Excel (.xlsx), HTML and JSON. The type is
          decided from the file&apos;s content, not its name.
        </li>
        <li>
          Web addresses must be public <code>http</code> or <code>https</code> addresses.
        </li>
        <li>
          When every reading thread is busy and the queue is full, the API answers <code>503</code>{' '}
          with <code>Retry-After</code>.
        </li>
      </ul>
    </DocSection>
  );
}
