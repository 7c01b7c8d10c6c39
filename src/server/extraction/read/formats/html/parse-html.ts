import { parseHTML } from 'linkedom';

// linkedom builds deeply nested markup in quadratic time; real pages nest a few dozen levels.
const MAX_NESTING = 1000;

// Elements that never nest: void elements, and those whose end tag the parser implies.
const NON_NESTING = new Set(
  'area base br col embed hr img input link meta source track wbr p li dt dd td th tr option thead tbody tfoot colgroup'.split(
    ' ',
  ),
);

const TAG = /<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g;

/** The deepest nesting the tags of `html` would build, counted without building it. */
function estimateNesting(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const [, closing, name = '', selfClosing] of html.matchAll(TAG)) {
    if (NON_NESTING.has(name.toLowerCase()) || selfClosing) continue;
    depth = closing ? Math.max(0, depth - 1) : depth + 1;
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

/** How many elements the markup would build: its start tags, counted without parsing. */
export function countElements(html: string): number {
  let count = 0;
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', at + 1)) {
    const next = html.charCodeAt(at + 1);
    if ((next >= 65 && next <= 90) || (next >= 97 && next <= 122)) count += 1;
  }
  return count;
}

/** Markup nested beyond reason keeps its text only, one line per former element. */
function flattenMarkup(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[^>]*>/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .split('\n')
    .map((line) => (line.trim() ? `<p>${line}</p>` : ''))
    .join('');
}

/**
 * Parses markup into a document that always has a head and a body: linkedom follows the markup
 * literally, so a fragment without `<html>` would otherwise have no body at all. Whatever was in
 * the source's head (title, meta, scripts) ends up in the body, where cleaning removes it.
 */
export function parseHtmlDocument(html: string): Document {
  const inner = html.replace(/<!doctype[^>]*>|<\/?(?:html|head|body)\b[^>]*>/gi, '');
  const safe = estimateNesting(inner) > MAX_NESTING ? flattenMarkup(inner) : inner;
  const { document } = parseHTML(`<!doctype html><html><head></head><body>${safe}</body></html>`);
  return document;
}
