// What mammoth's HTML loses of a Word table, read from word/document.xml in one streaming pass:
// cells a row leaves out at its start or end (w:gridBefore, w:gridAfter), shaded cells (a header
// row is often marked by shading alone), and which rows really repeat as a header (mammoth takes
// <w:tblHeader w:val="false"/> for one). Only these facts are kept, not the document.
import { openZipParts } from '../zip-parts';

export type CellFacts = { isShaded: boolean; isContinuation: boolean };
export type RowFacts = {
  gridBefore: number;
  gridAfter: number;
  /** Marked to repeat as a header row (w:tblHeader, unless its value is off). */
  isHeader: boolean;
  cells: CellFacts[];
};
/** One table's rows, tables in the order they open in the document (nested ones too). */
export type TableFacts = RowFacts[];

const DOCUMENT_PART = 'word/document.xml';
const UNSHADED = new Set(['', 'auto', 'ffffff', 'none']);
const OFF = new Set(['false', '0', 'off']);

function collector() {
  const tables: TableFacts[] = [];
  const open: TableFacts[] = [];
  const row = () => open.at(-1)?.at(-1);
  const cell = () => row()?.cells.at(-1);
  const number = (value: string | undefined) => Math.max(0, Number.parseInt(value ?? '0', 10) || 0);
  const onOpen = (name: string, attributes: Record<string, string>) => {
    if (name === 'tbl') {
      const table: TableFacts = [];
      tables.push(table);
      open.push(table);
    } else if (name === 'tr')
      open.at(-1)?.push({ gridBefore: 0, gridAfter: 0, isHeader: false, cells: [] });
    else if (name === 'tblHeader')
      Object.assign(row() ?? {}, { isHeader: !OFF.has(attributes['val'] ?? 'true') });
    else if (name === 'tc') row()?.cells.push({ isShaded: false, isContinuation: false });
    else if (name === 'gridBefore')
      Object.assign(row() ?? {}, { gridBefore: number(attributes['val']) });
    else if (name === 'gridAfter')
      Object.assign(row() ?? {}, { gridAfter: number(attributes['val']) });
    else if (name === 'vMerge' && attributes['val'] !== 'restart')
      Object.assign(cell() ?? {}, { isContinuation: true });
    else if (name === 'shd' && !UNSHADED.has((attributes['fill'] ?? '').toLowerCase()))
      Object.assign(cell() ?? {}, { isShaded: true });
  };
  return { tables, open, onOpen };
}

/**
 * The facts of every table of a Word document, or an empty list when the part is missing or
 * unreadable (the HTML alone is still good). The archive's sizes were checked before.
 */
export async function readTableFacts(bytes: Uint8Array): Promise<TableFacts[]> {
  const { tables, open, onOpen } = collector();
  // Cell shading inside a nested table or paragraph shading is left to the tag that holds it.
  let depthInCellProperties = 0;
  try {
    const parts = await openZipParts(bytes);
    try {
      await parts.readXml(DOCUMENT_PART, {
        onOpen: ({ name, attributes }) => {
          if (name === 'tcPr') depthInCellProperties++;
          if (name === 'shd' && depthInCellProperties === 0) return;
          onOpen(name, attributes);
        },
        onClose: (name) => {
          if (name === 'tcPr') depthInCellProperties--;
          if (name === 'tbl') open.pop();
        },
      });
    } finally {
      parts.close();
    }
  } catch {
    return [];
  }
  return tables;
}

/** The table's own rows (not those of tables nested in its cells), in order. */
function ownRows(table: Element): Element[] {
  const rows: Element[] = [];
  for (const child of Array.from(table.children)) {
    const tag = child.tagName.toLowerCase();
    if (tag === 'tr') rows.push(child);
    else if (['thead', 'tbody', 'tfoot'].includes(tag))
      rows.push(...Array.from(child.children).filter((row) => row.tagName.toLowerCase() === 'tr'));
  }
  return rows;
}

/** Rows in mammoth's thead that Word does not mark as header rows go back to the body. */
function moveBodyRowsOutOfHead(table: Element, rows: Element[], facts: TableFacts) {
  const head = Array.from(table.children).find((child) => child.tagName.toLowerCase() === 'thead');
  if (!head) return;
  const first = rows.findIndex((row, r) => row.parentElement === head && !facts[r]?.isHeader);
  if (first < 0) return;
  const document = table.ownerDocument;
  let body = Array.from(table.children).find((child) => child.tagName.toLowerCase() === 'tbody');
  if (!body) {
    body = document.createElement('tbody');
    table.appendChild(body);
  }
  const moving = rows.slice(first).filter((row) => row.parentElement === head);
  for (const row of moving.reverse()) {
    for (const cell of Array.from(row.children))
      if (cell.tagName.toLowerCase() === 'th') retag(cell, 'td');
    body.insertBefore(row, body.firstChild);
  }
  if (head.children.length === 0) head.remove();
}

/** The same cell with another tag (a th that heads nothing becomes a td). */
function retag(cell: Element, tag: string) {
  const replacement = cell.ownerDocument.createElement(tag);
  for (const attribute of Array.from(cell.attributes))
    replacement.setAttribute(attribute.name, attribute.value);
  while (cell.firstChild) replacement.appendChild(cell.firstChild);
  cell.replaceWith(replacement);
}

function spacer(document: Document, columns: number): Element {
  const cell = document.createElement('td');
  cell.setAttribute('colspan', String(columns));
  return cell;
}

/**
 * Puts the facts into mammoth's HTML of the same document: an empty cell where a row leaves grid
 * columns out, and `data-shaded` on shaded cells. A table whose rows do not match is left as is.
 */
export function applyTableFacts(document: Document, facts: TableFacts[]): void {
  Array.from(document.querySelectorAll('table')).forEach((table, index) => {
    const rows = ownRows(table);
    const tableFacts = facts[index];
    if (!tableFacts || tableFacts.length !== rows.length) return;
    moveBodyRowsOutOfHead(table, rows, tableFacts);
    rows.forEach((row, r) => {
      const { gridBefore, gridAfter, cells } = tableFacts[r]!;
      const present = cells.filter((cell) => !cell.isContinuation);
      const elements = Array.from(row.children);
      if (present.length === elements.length)
        elements.forEach((element, i) => {
          if (present[i]?.isShaded) element.setAttribute('data-shaded', '');
        });
      if (gridBefore > 0) row.insertBefore(spacer(document, gridBefore), row.firstChild);
      if (gridAfter > 0) row.appendChild(spacer(document, gridAfter));
    });
  });
}
