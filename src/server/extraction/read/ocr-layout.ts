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
  return layoutPage(prepared, { page, source }).map(gridOrLines);
}

/**
 * A table OCR made whose cells are mostly empty is no grid: on a receipt, phrases that happen to
 * stand apart on a few lines ("Round  d Total (RM):     9.00") fall into columns of their own.
 */
const LEAST_GRID_FILL = 0.7;
/** A label and its value ("Bill No: 3908", ": CASH"): a colon after a letter or at the start. */
const LABELLED = /(^\s*:)|([\p{L})\]]\s*:(\s|$))/u;

/**
 * OCR's tables are kept where the words line up as a grid; label–value pairs and sparse columns
 * are given back as lines, each row's cells in order ("Total (RM): 9.00").
 */
export function gridOrLines(block: Block): Block {
  if (block.kind !== 'table') return block;
  const rows = [block.table.header, ...block.table.rows].filter((row) =>
    row.some((cell) => cell.trim() !== ''),
  );
  const cells = rows.flat().filter((cell) => cell.trim() !== '');
  const columns = Math.max(0, ...rows.map((row) => row.length));
  const fill = cells.length / Math.max(1, rows.length * columns);
  const isLabelled = 2 * cells.filter((cell) => LABELLED.test(cell)).length >= cells.length;
  if (fill >= LEAST_GRID_FILL && !isLabelled) return block;
  const lines = rows.map((row) =>
    row
      .map((cell) => cell.trim())
      .filter(Boolean)
      .join(' '),
  );
  return { kind: 'paragraph', text: lines.join('\n'), page: block.page };
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
