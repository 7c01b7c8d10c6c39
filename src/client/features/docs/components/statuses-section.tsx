import { ERROR_CATALOGUE, type ErrorCode } from '../../../../shared/errors';
import { NOTICE_ERROR, NOTICE_PARTIAL } from '../../../../shared/extraction';
import { DocSection, DocTable } from './doc-section';

const ERRORS: readonly [ErrorCode, string][] = [
  ['VALIDATION_FAILED', 'Fix the fields listed in details.fieldErrors.'],
  ['EXTRACTION_INPUT_REQUIRED', 'Send text, a url or a file, and columns or a template.'],
  ['UNKNOWN_TEMPLATE', 'Use a built-in template key or the id of one of your extractors.'],
  ['INVALID_API_KEY', 'The key was revoked or mistyped: create a new one in Settings.'],
  ['NO_CREDITS', 'Get more credits; nothing was run.'],
  [
    'TRIAL_LIMIT_REACHED',
    'Sign up to get credits; from a script, send an API key as Authorization: Bearer <key>.',
  ],
  [
    'CROSS_SITE_REQUEST',
    'Call the API from your server or with an API key, not from another site’s page.',
  ],
  ['RERUN_UNAVAILABLE', 'What was read is gone after 24 hours: submit the files again.'],
  ['FILE_TOO_LARGE', 'Send a smaller file, or split it.'],
  ['UNSUPPORTED_FILE_TYPE', 'Convert the file to a supported type.'],
  ['FILE_IS_PROGRAM', 'Choose the document itself, not a program (.exe, an app) renamed.'],
  ['UNSUPPORTED_MEDIA_TYPE', 'Send JSON with Content-Type: application/json, or multipart.'],
  ['READ_TOO_COMPLEX', 'Try a smaller file or fewer pages.'],
  ['RATE_LIMITED', 'Wait the seconds in Retry-After, then try again.'],
  ['URL_HOST_NOT_FOUND', 'No such web site: check the address for typing mistakes.'],
  ['URL_FETCH_FAILED', 'The page could not be fetched: check the address, or paste its text.'],
  [
    'BODY_TOO_LARGE',
    'A JSON body may weigh BODY_LIMIT_KB (1 MB): send files and long text as multipart/form-data.',
  ],
  ['JSON_TOO_COMPLEX', 'Send at most 20,000 JSON values in one request, nested at most 64 deep.'],
  ['SESSION_REQUIRED', 'Do this in Settings, signed in: an API key cannot.'],
  ['MODEL_API_ERROR', 'The model provider refused or failed: try again later.'],
  ['SERVER_BUSY', 'Wait the seconds in Retry-After, then try again.'],
];

export function StatusesSection() {
  return (
    <DocSection id="statuses">
      <p>
        Every finished extraction answers one of three statuses, as the HTTP status and as{' '}
        <code>status</code> in the body. Only a <code>200</code> uses a credit (or a free run); for
        the others it is given back.
      </p>
      <h3>
        <code>200</code>: success
      </h3>
      <p>
        Rows matching your columns were found. Check <code>warnings</code> all the same: it says
        when a source table had more rows than were extracted, or when an answer was cut short.
      </p>
      <h3>
        <code>207</code>: partial or fallback
      </h3>
      <p>The web app shows: “{NOTICE_PARTIAL}”</p>
      <p>
        No rows matched, the model&apos;s answer was not in the expected shape, or some parts of a
        long document failed. When nothing matched, <code>rows</code> holds the start of the content
        in the first column (up to 10 paragraphs of 100 characters, or the first 500 characters) so
        you can see what was read. <strong>What to do:</strong> rename columns to what the document
        calls them, add a column description or a description of the document, or try a template;
        check that the right content was read.
      </p>
      <h3>
        <code>500</code>: error with fallback rows
      </h3>
      <p>The web app shows: “{NOTICE_ERROR}”</p>
      <p>
        Every part of the run failed at the model, and <code>rows</code> holds one empty row per
        column. <strong>What to do:</strong> try again in a moment; if it keeps failing, check{' '}
        <code>warnings</code> and, when you host it yourself, the model settings and the server log
        (search for the <code>X-Request-Id</code>). A <code>500</code> whose body is{' '}
        <code>{'{ "error": … }'}</code> instead of rows is an unexpected server error: send us its{' '}
        <code>requestId</code>.
      </p>
      <h3>Requests that were not run</h3>
      <p>
        These answer <code>{'{ "error": { "code", "message", "requestId", "details"? } }'}</code>{' '}
        and cost nothing. The most common:
      </p>
      <DocTable
        caption="Common error codes"
        head={['HTTP', 'Code', 'What to do']}
        rows={ERRORS.map(([code, action]) => [
          String(ERROR_CATALOGUE[code].status),
          <code key="code">{code}</code>,
          action,
        ])}
      />
    </DocSection>
  );
}
