import type { DocumentMetadata } from '../../src/shared/document';
import type { ServerDocument } from '../../src/server/extraction/read/types';
import { buildDocument } from '../../src/server/extraction/read/build-document';
import type { Block } from '../../src/server/extraction/read/types';

/** Metadata for a Document built in a test from blocks. */
export function testMetadata(overrides: Partial<DocumentMetadata> = {}): DocumentMetadata {
  return {
    sourceType: 'text',
    fileType: 'text',
    mimeType: null,
    fileName: null,
    url: null,
    size: 0,
    title: null,
    pagesProcessed: null,
    totalPages: null,
    characters: 0,
    isTruncated: false,
    warnings: [],
    ...overrides,
  };
}

/** A Document made from blocks by the real builder, as the readers' output becomes one. */
export function documentFromBlocks(
  blocks: Block[],
  metadata: Partial<DocumentMetadata> = {},
): ServerDocument {
  const built = buildDocument(blocks, 10_000_000);
  return {
    markdown: built.markdown,
    segments: built.segments,
    tables: built.tables,
    images: [],
    metadata: testMetadata({ characters: built.markdown.length, ...metadata }),
  };
}
