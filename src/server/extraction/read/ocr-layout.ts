// The words OCR found in an image (a photo, a scanned page) → blocks, by the same layout analysis
// as a PDF page's text: lines rebuilt from where the words stand, and tables from their columns.
import type { TableSource } from '../../../shared/document';
import { layoutPage, preparePage } from './layout/page-layout';
import type { Word } from './layout/types';
import type { Block, OcrWord } from './types';

function toWord(word: OcrWord): Word {
  return {
    text: word.text,
    x0: word.x0,
    x1: word.x1,
    top: word.y0,
    bottom: word.y1,
    baseline: word.baseline,
    // OCR's row height (ascender to descender) is close to the font size.
    size: Math.max(1, word.lineHeight),
    isBold: false,
    followsSpace: true,
  };
}

export function ocrBlocks(words: OcrWord[], page: number | null, source: TableSource): Block[] {
  const prepared = preparePage({ words: words.map(toWord), rulings: [], shades: [] });
  return layoutPage(prepared, { page, source });
}

/** The blocks as plain text: paragraphs apart by a blank line, a table's cells by " | ". */
export function blocksText(blocks: Block[]): string {
  return blocks
    .map((block) => {
      if (block.kind === 'table') {
        const { header, rows } = block.table;
        return [header, ...rows]
          .filter((row) => row.length > 0)
          .map((row) => row.join(' | '))
          .join('\n');
      }
      if (block.kind === 'list') return block.items.join('\n');
      return block.text;
    })
    .join('\n\n');
}
