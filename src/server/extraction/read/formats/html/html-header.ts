// Header rows of a table without header markup (no thead, no th): the same judgement as for a PDF
// table. The first row heads the table unless it holds figures; the rows below it join the header
// when a spanning heading or a bold or shaded look ties them to it ("2023" over "Revenue").
import { headerRowCount, type LayoutCell } from '../../layout/cell-table';
import { TEXT_NODE, isElement, tagOf } from './dom';
import { inlineText } from './inline-text';

const BOLD_TAGS = new Set(['b', 'strong', 'th']);
const MAX_SPAN = 200;

/** Whether all the text of `cell` is set in bold (inside b, strong or th). */
function isBoldText(cell: Element): boolean {
  let hasText = false;
  const walk = (node: Node, isBold: boolean): boolean => {
    if (node.nodeType === TEXT_NODE) {
      if (!(node.textContent ?? '').trim()) return true;
      hasText = true;
      return isBold;
    }
    if (!isElement(node)) return true;
    const bold = isBold || BOLD_TAGS.has(tagOf(node));
    return Array.from(node.childNodes).every((child) => walk(child, bold));
  };
  return walk(cell, false) && hasText;
}

/** A background set on the cell: Word shading (marked by the DOCX reader) or bgcolor. */
function isShaded(cell: Element): boolean {
  if (cell.hasAttribute('data-shaded')) return true;
  const color = (cell.getAttribute('bgcolor') ?? '').trim().toLowerCase();
  return color !== '' && color !== '#ffffff' && color !== 'white' && color !== 'transparent';
}

function span(cell: Element, name: string, max: number): number {
  const value = Number.parseInt(cell.getAttribute(name) ?? '', 10);
  return Number.isFinite(value) && value > 0 ? Math.min(value, max) : 1;
}

/** The rows' cells placed on a grid, with their spans and look. */
function layoutCells(rows: Element[]): { cells: LayoutCell[]; width: number } {
  const taken = rows.map(() => new Set<number>());
  const cells: LayoutCell[] = [];
  let width = 0;
  rows.forEach((row, r) => {
    let column = 0;
    for (const cell of Array.from(row.children)) {
      if (!['td', 'th'].includes(tagOf(cell))) continue;
      while (taken[r]!.has(column)) column++;
      const rowSpan = span(cell, 'rowspan', rows.length - r);
      const columnSpan = span(cell, 'colspan', MAX_SPAN);
      for (let i = 0; i < rowSpan; i++)
        for (let j = 0; j < columnSpan; j++) taken[r + i]?.add(column + j);
      const text = inlineText(cell, 'cell');
      const look = { isBold: isBoldText(cell), isShaded: isShaded(cell) };
      cells.push({ text, row: r, column, rowSpan, columnSpan, ...look });
      column += columnSpan;
      width = Math.max(width, column);
    }
  });
  return { cells, width };
}

/** How many of the leading `rows` (of a table without header markup) are its header. */
export function inferHeaderRows(rows: Element[]): number {
  const { cells, width } = layoutCells(rows);
  return headerRowCount({ rowCount: rows.length, columnCount: width, cells });
}
