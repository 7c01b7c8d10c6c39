import type { TableSource } from '../../../../../shared/document';
import type { Block } from '../../types';
import { isDataTable, readTable } from './html-tables';
import { hasDescendantTag, isElement, tagOf } from './dom';
import { BLOCK_TAGS, inlineText } from './inline-text';

/** A block with its plain text, by which the main-content step recognises it. */
export type BlockEntry = { block: Block; text: string };

export type CollectOptions = {
  tableSource: TableSource;
  /** Every table is data (DOCX); otherwise layout tables are read as ordinary content. */
  isEveryTableData: boolean;
};

type Walk = CollectOptions & { entries: BlockEntry[] };

const MAX_DEPTH = 150;
const COMPLEX_LIST_CONTENT = new Set('table pre h1 h2 h3 h4 h5 h6 blockquote'.split(' '));

function isBlockLevel(element: Element): boolean {
  return BLOCK_TAGS.has(tagOf(element)) || hasDescendantTag(element, BLOCK_TAGS);
}

function pushParagraph(walk: Walk, nodes: Node[]): void {
  const text = inlineText(nodes, 'markdown');
  if (text)
    walk.entries.push({ block: { kind: 'paragraph', text }, text: inlineText(nodes, 'plain') });
}

/** Mixed content: runs of inline nodes become paragraphs, block children are walked in turn. */
function walkNodes(nodes: Node[], walk: Walk, depth: number): void {
  let run: Node[] = [];
  for (const child of nodes) {
    if (isElement(child) && isBlockLevel(child)) {
      pushParagraph(walk, run);
      run = [];
      walkBlock(child, walk, depth + 1);
    } else run.push(child);
  }
  pushParagraph(walk, run);
}

function walkContainer(element: Element, walk: Walk, depth: number): void {
  walkNodes(Array.from(element.childNodes), walk, depth);
}

/** List items in order; a nested list's items follow the item that holds them. */
function listItems(list: Element): string[] {
  const items: string[] = [];
  for (const child of Array.from(list.children)) {
    const nested = Array.from(child.children).filter((c) => ['ul', 'ol'].includes(tagOf(c)));
    const own = Array.from(child.childNodes).filter((node) => !nested.includes(node as Element));
    items.push(inlineText(own, 'markdown'));
    for (const sublist of nested) items.push(...listItems(sublist));
  }
  return items.filter(Boolean);
}

/** A definition list as "term: definition" items. */
function definitionItems(list: Element): string[] {
  const items: string[] = [];
  let term = '';
  for (const child of Array.from(list.children)) {
    const text = inlineText(child, 'markdown');
    if (tagOf(child) === 'dt') term = text;
    else if (tagOf(child) === 'dd') items.push(term ? `${term}: ${text}` : text);
  }
  return items.filter(Boolean);
}

function pushList(walk: Walk, list: Element, items: string[], isOrdered: boolean): void {
  if (items.length === 0) return;
  walk.entries.push({ block: { kind: 'list', items, isOrdered }, text: list.textContent ?? '' });
}

function walkTable(table: Element, walk: Walk, depth: number): void {
  if (!walk.isEveryTableData && !isDataTable(table)) {
    walkContainer(table, walk, depth);
    return;
  }
  const data = readTable(table, walk.tableSource);
  if (data.rows.length === 0 && data.header.every((cell) => !cell)) return;
  walk.entries.push({ block: { kind: 'table', table: data }, text: table.textContent ?? '' });
}

/**
 * A heading is its inline text. Unclosed heading tags can swallow the paragraphs that follow
 * (`<h2>Notes<p>...`): the heading is then the text before the first block, and the rest is
 * read as content.
 */
function walkHeading(element: Element, level: number, walk: Walk, depth: number): void {
  const children = Array.from(element.childNodes);
  const firstBlock = children.findIndex((child) => isElement(child) && isBlockLevel(child));
  const own = firstBlock === -1 ? children : children.slice(0, firstBlock);
  const text = inlineText(own, 'plain').replace(/\n/g, ' ');
  if (text) walk.entries.push({ block: { kind: 'heading', level, text }, text });
  if (firstBlock !== -1) walkNodes(children.slice(firstBlock), walk, depth);
}

function walkBlock(element: Element, walk: Walk, depth: number): void {
  const tag = tagOf(element);
  if (depth > MAX_DEPTH) {
    pushParagraph(walk, [element]);
    return;
  }
  if (/^h[1-6]$/.test(tag)) walkHeading(element, Number(tag[1]), walk, depth);
  else if (tag === 'pre') {
    const text = (element.textContent ?? '').replace(/^\n/, '');
    if (text.trim()) walk.entries.push({ block: { kind: 'code', text }, text });
  } else if (tag === 'table') walkTable(element, walk, depth);
  else if ((tag === 'ul' || tag === 'ol') && !hasDescendantTag(element, COMPLEX_LIST_CONTENT)) {
    pushList(walk, element, listItems(element), tag === 'ol');
  } else if (tag === 'dl' && !hasDescendantTag(element, COMPLEX_LIST_CONTENT)) {
    pushList(walk, element, definitionItems(element), false);
  } else if (tag !== 'hr') walkContainer(element, walk, depth);
}

/** The blocks of an element's content, in document order. */
export function collectBlocks(root: Element, options: CollectOptions): BlockEntry[] {
  const walk: Walk = { ...options, entries: [] };
  walkContainer(root, walk, 0);
  return walk.entries;
}
