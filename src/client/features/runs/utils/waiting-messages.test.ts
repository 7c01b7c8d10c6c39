import { describe, expect, it } from 'vitest';
import {
  PDF_WAITING_MESSAGES,
  WAITING_MESSAGES,
  WAITING_MESSAGE_INTERVAL_MS,
  waitingMessageAt,
  waitingMessages,
} from './waiting-messages';

describe('waiting messages', () => {
  it('change every 3.5 seconds and cycle', () => {
    expect(WAITING_MESSAGE_INTERVAL_MS).toBe(3500);
    expect(waitingMessageAt(WAITING_MESSAGES, WAITING_MESSAGES.length + 1)).toBe(
      WAITING_MESSAGES[1],
    );
  });

  it('speak of pages for a PDF', () => {
    expect(waitingMessages(true)).toBe(PDF_WAITING_MESSAGES);
    expect(waitingMessages(true)[0]).toBe('Reading the pages of your PDF…');
    expect(waitingMessages(false)).toBe(WAITING_MESSAGES);
  });
});
