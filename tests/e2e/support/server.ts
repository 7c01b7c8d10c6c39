/**
 * E2E_PORT_OFFSET moves every port and folder of a browser-test run, so that two runs can share
 * a machine.
 */
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);

/** Where the browser tests' server listens and keeps its data. */
export const E2E_PORT = 4317 + OFFSET;
export const E2E_DATA_DIR = `.tmp/e2e-data-${OFFSET}`;
export const E2E_OUTPUT_DIR = `.tmp/e2e-results-${OFFSET}`;

/** The fake model server (tests/e2e/support/fake-model.ts). */
export const E2E_MODEL_PORT = 4318 + OFFSET;
export const E2E_MODEL_KEY = 'e2e-test-key';
/** Put this in pasted text to make the fake model take 20 s to answer. */
export const SLOW_MODEL_MARKER = 'SLOW-MODEL-PLEASE-WAIT';
/** Put this in pasted text to make the fake model take 4 s: long enough to leave a run going. */
export const STEADY_MODEL_MARKER = 'STEADY-MODEL-TAKES-A-FEW-SECONDS';
/** Put this in the description to make every model call take 1.5 s (one per part of the text). */
export const SLOW_PARTS_MARKER = 'SLOW-PARTS-PLEASE-WAIT';
/**
 * Put this in the description to make the fake model plant wrong values in about one row in four
 * (tests/support/fake-openai/planted-errors.ts): the same rows every time, so the review marks
 * them the same way in every run.
 */
export const PLANT_ERRORS_MARKER = 'PLANT-WRONG-VALUES-PLEASE';
/**
 * Put this in the description to make the fake model refuse the first two calls that carry it
 * with 429 and Retry-After: 3, as a provider over its rate limit does.
 */
export const PROVIDER_BUSY_MARKER = 'PROVIDER-BUSY-PLEASE-REFUSE';
/**
 * Put this in a document to have the fake model refuse its first call for a spent quota (a
 * failure no retry mends); the same prompt is answered the next time.
 */
export const FAIL_ONCE_MARKER = 'QUOTA-SPENT-THE-FIRST-TIME';
/** The test server's part size, so a few kilobytes of text make several parts. */
export const E2E_CHUNK_CHARACTERS = 2000;

/** The local page server (tests/e2e/support/page-server.ts) for URL runs. */
export const E2E_PAGES_PORT = 4319 + OFFSET;

/** A second app server, with one read thread and no queue, for the busy-server test. */
export const E2E_BUSY_PORT = 4322 + OFFSET;
export const E2E_BUSY_DATA_DIR = `.tmp/e2e-busy-data-${OFFSET}`;

/**
 * A third app server, with REQUIRE_EMAIL_VERIFICATION on and TRUST_PROXY=1, for the journeys of
 * account-protection.spec.ts (confirming an address, an owner under a sign-in attack).
 */
export const E2E_GUARDED_PORT = 4323 + OFFSET;
export const E2E_GUARDED_DATA_DIR = `.tmp/e2e-guarded-data-${OFFSET}`;

/** A fourth app server whose network has one free run a day, for the trial's words. */
export const E2E_SMALL_NETWORK_PORT = 4324 + OFFSET;
export const E2E_SMALL_NETWORK_DATA_DIR = `.tmp/e2e-small-network-data-${OFFSET}`;

/** The mailbox (tests/e2e/support/mail-catcher.ts): SMTP in, HTTP out. */
export const E2E_SMTP_PORT = 4320 + OFFSET;
export const E2E_MAIL_HTTP_PORT = 4321 + OFFSET;

/** The app server's inbox receiver (INBOUND_SMTP_PORT), for mail sent to an extractor. */
export const E2E_INBOX_PORT = 4325 + OFFSET;

/** Every message the app has mailed to `to`, with its text decoded. */
export async function mailsTo(to: string): Promise<{ text: string }[]> {
  const response = await fetch(
    `http://127.0.0.1:${E2E_MAIL_HTTP_PORT}/messages?to=${encodeURIComponent(to)}`,
  );
  return (await response.json()) as { text: string }[];
}
