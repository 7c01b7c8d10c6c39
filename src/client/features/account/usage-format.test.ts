import { describe, expect, it } from 'vitest';
import {
  extractionTypeLabel,
  fileTypeLabel,
  formatCount,
  formatDuration,
  pageSummary,
} from './usage-format';

describe('usage formatting', () => {
  it('names run and file types as people say them', () => {
    expect(extractionTypeLabel('url')).toBe('URL');
    expect(extractionTypeLabel('file')).toBe('File');
    expect(fileTypeLabel('spreadsheet')).toBe('Spreadsheet');
    expect(fileTypeLabel('unknown')).toBe('Other');
  });

  it('counts in the singular and plural', () => {
    expect(formatCount(1, 'row', 'en-US')).toBe('1 row');
    expect(formatCount(1204, 'row', 'en-US')).toBe('1,204 rows');
    expect(formatCount(0, 'run', 'en-US')).toBe('0 runs');
  });

  it('writes durations in the unit that reads best', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(2400)).toBe('2.4 s');
    expect(formatDuration(65_000)).toBe('1 min 5 s');
  });

  it('says which runs a history page shows', () => {
    expect(pageSummary(0, 20, 57)).toBe('Showing 1–20 of 57 runs');
    expect(pageSummary(40, 17, 57)).toBe('Showing 41–57 of 57 runs');
    expect(pageSummary(0, 0, 0)).toBe('Showing 0 of 0 runs');
  });
});
