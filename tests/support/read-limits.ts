import type { ReadLimits } from '../../src/server/extraction/read/types';

/** Generous reading limits for tests that call readers directly; a test narrows what it checks. */
export function testReadLimits(overrides: Partial<ReadLimits> = {}): ReadLimits {
  return {
    maxPdfPages: 5,
    maxUncompressedBytes: 50 * 1024 * 1024,
    maxXmlPartBytes: 50 * 1024 * 1024,
    maxXmlElements: 1_000_000,
    maxHtmlBytes: 10 * 1024 * 1024,
    maxHtmlElements: 200_000,
    maxCharacters: 1_000_000,
    maxTableRows: 10_000,
    ...overrides,
  };
}
