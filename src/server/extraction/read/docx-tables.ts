// What mammoth's HTML loses of a Word table, read from word/document.xml in one streaming pass:
// cells a row leaves out at its start or end (w:gridBefore, w:gridAfter), shaded cells (a header
// row is often marked by shading alone), and which rows really repeat as a header (mammoth takes
// <w:tblHeader w:val="false"/> for one). Only these facts are kept, not the document.
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';

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

function openEntry(bytes: Uint8Array, name: string): Promise<NodeJS.ReadableStream | null> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(bytes), { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('unreadable archive'));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return zip.readEntry();
        zip.openReadStream(entry, (failure, stream) =>
          failure || !stream ? reject(failure ?? new Error('unreadable entry')) : resolve(stream),
        );
      });
      zip.on('end', () => resolve(null));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

function collector() {
  const tables: TableFacts[] = [];
  const open: TableFacts[] = [];
  const row = () => open.at(-1)?.at(-1);
  const cell = () => row()?.cells.at(-1);
  const number = (value: string | undefined) => Math.max(0, Number.parseInt(value ?? '0', 10) || 0);
  const onOpen = (name: string, attributes: Record<string, string>) => {
    if (name === 'w:tbl') {
      const table: TableFacts = [];
      tables.push(table);
      open.push(table);
    } else if (name === 'w:tr')
      open.at(-1)?.push({ gridBefore: 0, gridAfter: 0, isHeader: false, cells: [] });
    else if (name === 'w:tblHeader')
      Object.assign(row() ?? {}, { isHeader: !OFF.has(attributes['w:val'] ?? 'true') });
    else if (name === 'w:tc') row()?.cells.push({ isShaded: false, isContinuation: false });
    else if (name === 'w:gridBefore')
      Object.assign(row() ?? {}, { gridBefore: number(attributes['w:val']) });
    else if (name === 'w:gridAfter')
      Object.assign(row() ?? {}, { gridAfter: number(attributes['w:val']) });
    else if (name === 'w:vMerge' && attributes['w:val'] !== 'restart')
      Object.assign(cell() ?? {}, { isContinuation: true });
    else if (name === 'w:shd' && !UNSHADED.has((attributes['w:fill'] ?? '').toLowerCase()))
      Object.assign(cell() ?? {}, { isShaded: true });
  };
  return { tables, open, onOpen };
}

/**
 * The facts of every table of a Word document, or an empty list when the part is missing or
 * unreadable (the HTML alone is still good). The archive's sizes were checked before.
 */
export async function readTableFacts(bytes: Uint8Array): Promise<TableFacts[]> {
  const stream = await openEntry(bytes, DOCUMENT_PART).catch(() => null);
  if (!stream) return [];
  const { tables, open, onOpen } = collector();
  const parser = new SaxesParser();
  // Cell shading inside a nested table or paragraph shading is left to the tag that holds it.
  let depthInCellProperties = 0;
  parser.on('opentag', (node) => {
    if (node.name === 'w:tcPr') depthInCellProperties++;
    if (node.name === 'w:shd' && depthInCellProperties === 0) return;
    onOpen(node.name, node.attributes);
  });
  parser.on('closetag', (node) => {
    if (node.name === 'w:tcPr') depthInCellProperties--;
    if (node.name === 'w:tbl') open.pop();
  });
  try {
    stream.setEncoding('utf8');
    for await (const chunk of stream) parser.write(String(chunk));
    parser.close();
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
