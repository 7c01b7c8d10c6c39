import type { DocumentJson, DocumentTable, Segment } from '../../../shared/document';
import { cleanText } from './clean-text';
import { toGfmTable } from './markdown-table';
import type { Block, ImageData } from './types';

export type BuiltDocument = Pick<DocumentJson, 'markdown' | 'segments' | 'tables'> & {
  isTruncated: boolean;
};

function renderBlock(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return `${'#'.repeat(Math.min(Math.max(block.level, 1), 6))} ${cleanText(block.text).replace(/\n/g, ' ')}`;
    case 'paragraph':
      return cleanText(block.text);
    case 'list':
      return block.items
        .map((item) => cleanText(item).replace(/\n/g, ' '))
        .filter(Boolean)
        .map((item, i) => `${block.isOrdered ? `${i + 1}.` : '-'} ${item}`)
        .join('\n');
    case 'code':
      return `\`\`\`\n${block.text.replace(/\r\n?/g, '\n').replace(/\n+$/, '')}\n\`\`\``;
    case 'table':
      return toGfmTable(block.table.header, block.table.rows);
  }
}

/**
 * Turns blocks into one Markdown text, recording for each block its character span and page, and
 * collecting the tables. Empty blocks are dropped. Past `maxCharacters` the rest is left out.
 */
export function buildDocument(blocks: Block[], maxCharacters: number): BuiltDocument {
  const parts: string[] = [];
  const segments: Segment[] = [];
  const tables: DocumentTable[] = [];
  let length = 0;
  let isTruncated = false;

  for (const block of blocks) {
    const text = renderBlock(block);
    if (!text.trim()) continue;
    if (block.kind === 'table' && block.table.rows.length === 0 && block.table.header.length === 0)
      continue;
    const start = length === 0 ? 0 : length + 2;
    if (start + text.length > maxCharacters) {
      isTruncated = true;
      break;
    }
    const segment: Segment = {
      kind: block.kind,
      start,
      end: start + text.length,
      page: block.page ?? null,
    };
    if (block.kind === 'table') {
      segment.tableIndex = tables.length;
      tables.push({
        id: `t${tables.length + 1}`,
        name: block.table.name ?? null,
        source: block.table.source,
        page: block.page ?? null,
        header: block.table.header.map((cell) => cleanText(cell)),
        rows: block.table.rows.map((row) => row.map((cell) => cleanText(cell))),
      });
    }
    parts.push(text);
    segments.push(segment);
    length = segment.end;
  }
  return { markdown: parts.join('\n\n'), segments, tables, isTruncated };
}

/** Image ids follow document order: i1, i2, ... */
export function numberImages(images: ImageData[]) {
  return images.map((image, index) => ({
    ...image,
    id: `i${index + 1}`,
    byteLength: image.bytes.byteLength,
  }));
}
