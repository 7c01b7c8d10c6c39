import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { elementsBelow } from './dom';
import type { BlockEntry } from './html-blocks';

// Readability's work grows fast with nesting and size; beyond these the whole page is kept.
const MAX_READABILITY_DEPTH = 200;
const MAX_READABILITY_ELEMENTS = 20_000;
// A page whose text is mostly data tables is its tables: no article to look for.
const TABLE_HEAVY_SHARE = 0.5;
// When Readability's article holds less than this share of the page's text, it probably chose
// the wrong part (an event list, a product grid), so the whole page is kept.
const MIN_ARTICLE_SHARE = 0.4;
// A block is part of the article when most of its pieces are: Readability may have removed a
// share button or a counter from inside a paragraph it kept.
const PIECE_LENGTH = 32;

function compact(text: string): string {
  return text.replace(/\s+/g, '');
}

function depthOf(root: Element): number {
  let deepest = 0;
  const stack: [Element, number][] = [[root, 0]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [element, depth] = item;
    deepest = Math.max(deepest, depth);
    for (const child of Array.from(element.children)) stack.push([child, depth + 1]);
  }
  return deepest;
}

type Article = { text: string; title: string; byline: string };

function findArticle(document: Document): Article | null {
  const body = document.body;
  if (elementsBelow(body).length > MAX_READABILITY_ELEMENTS) return null;
  if (depthOf(body) > MAX_READABILITY_DEPTH) return null;
  // Readability rewrites the document it reads, so it reads a copy.
  const { document: copy } = parseHTML(document.documentElement.outerHTML);
  let article: ReturnType<Readability['parse']>;
  try {
    article = new Readability(copy, { maxElemsToParse: MAX_READABILITY_ELEMENTS }).parse();
  } catch {
    // Finding the article is a refinement: when Readability fails, the whole page is read.
    return null;
  }
  if (!article?.textContent) return null;
  return {
    text: compact(article.textContent),
    title: compact(article.title ?? ''),
    byline: compact(article.byline ?? ''),
  };
}

function isKept(entry: BlockEntry, article: Article): boolean {
  if (entry.block.kind === 'table') return true;
  const text = compact(entry.text);
  if (!text) return false;
  // Readability takes the title and the byline out of its text; they are kept all the same.
  if (entry.block.kind === 'heading' && text === article.title) return true;
  if (text === article.byline) return true;
  if (article.text.includes(text)) return true;
  const pieces: string[] = [];
  for (let i = 0; i + PIECE_LENGTH <= text.length; i += PIECE_LENGTH) {
    pieces.push(text.slice(i, i + PIECE_LENGTH));
  }
  const found = pieces.filter((piece) => article.text.includes(piece)).length;
  return pieces.length >= 2 && found * 2 >= pieces.length;
}

/**
 * Keeps the blocks of the page's main content, as Mozilla's Readability sees it, and every data
 * table wherever it stands (Readability may drop a table, or a page may be mostly tables). The
 * blocks come from the cleaned page in document order; a block is kept when its text is part of
 * the article's text. When Readability finds no article, or one that holds little of the page,
 * or the page is mostly tables, every block is kept.
 */
export function selectMainContent(document: Document, entries: BlockEntry[]): BlockEntry[] {
  const pageLength = compact(document.body.textContent ?? '').length;
  if (pageLength === 0) return entries;
  const tableLength = entries
    .filter((entry) => entry.block.kind === 'table')
    .reduce((sum, entry) => sum + compact(entry.text).length, 0);
  if (tableLength >= pageLength * TABLE_HEAVY_SHARE) return entries;
  const article = findArticle(document);
  if (!article || article.text.length < pageLength * MIN_ARTICLE_SHARE) return entries;
  return entries.filter((entry) => isKept(entry, article));
}
