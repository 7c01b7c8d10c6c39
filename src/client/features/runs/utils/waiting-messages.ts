import { PLAN } from '../../../../shared/site';

/** SPEC.md section 9: the waiting messages change every 3.5 seconds. */
export const WAITING_MESSAGE_INTERVAL_MS = 3500;

export const WAITING_MESSAGES = [
  'Working on your table…',
  'Looking for the records in your content…',
  'Matching values to your columns…',
  'Turning numbers and dates into their types…',
  'Checking the rows against the source…',
  'Long content takes a little longer. Thanks for waiting…',
] as const;

export const PDF_WAITING_MESSAGES = [
  'Reading the pages of your PDF…',
  'Finding the tables and text on each page…',
  `Only the first ${PLAN.pdfMaxPages} pages are processed…`,
  'Scanned pages are read with OCR, which takes a little longer…',
  'Matching values to your columns…',
  'Checking the rows against the pages…',
] as const;

export function waitingMessages(isPdf: boolean): readonly string[] {
  return isPdf ? PDF_WAITING_MESSAGES : WAITING_MESSAGES;
}

/** The message for the `tick`th interval; it cycles through the list. */
export function waitingMessageAt(messages: readonly string[], tick: number): string {
  return messages[tick % messages.length] ?? '';
}
