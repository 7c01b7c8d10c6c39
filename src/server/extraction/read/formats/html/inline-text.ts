// The text of inline content: Markdown for paragraphs (links, bold, italic, code), plain text
// for headings, and one line for table cells (nested tables flattened).
import { isElement, tagOf, TEXT_NODE } from './dom';

export type InlineMode = 'markdown' | 'plain' | 'cell';

const ROW_BREAK = '\uE000';
const MAX_DEPTH = 200;

export const BLOCK_TAGS = new Set(
  (
    'address article aside blockquote caption dd details dialog div dl dt fieldset figcaption ' +
    'figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr li main nav ol p pre section summary ' +
    'table tbody td tfoot th thead tr ul center'
  ).split(' '),
);

const EMPHASIS: Record<string, string> = { strong: '**', b: '**', em: '*', i: '*' };
const CODE_TAGS = new Set(['code', 'kbd', 'samp', 'tt']);
const SKIPPED_TAGS = new Set(['img', 'wbr', 'head', 'script', 'style']);

/** A link target worth keeping: not an in-page anchor, not a script. */
function usableHref(element: Element): string | null {
  const href = element.getAttribute('href')?.trim() ?? '';
  if (!href || href.startsWith('#') || /^(javascript|data|vbscript):/i.test(href)) return null;
  return href.replace(/\s/g, '%20').replace(/\(/g, '%28').replace(/\)/g, '%29');
}

/** Wraps the words of `text` in a marker, leaving its outer spaces outside. */
function wrap(text: string, marker: string): string {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(text);
  const [, before = '', inner = '', after = ''] = match ?? [];
  if (!inner || inner.includes('\n')) return text;
  return `${before}${marker}${inner}${marker}${after}`;
}

function renderMarkdownElement(element: Element, tag: string, inner: string): string {
  if (tag === 'a') {
    const href = usableHref(element);
    const label = inner.trim();
    if (!href || !label || label === href) return inner;
    return `[${label.replace(/\n/g, ' ')}](${href})`;
  }
  const marker = EMPHASIS[tag];
  if (marker) return wrap(inner, marker);
  if (CODE_TAGS.has(tag)) return wrap(inner, '`');
  return inner;
}

function renderElement(element: Element, mode: InlineMode, depth: number): string {
  const tag = tagOf(element);
  if (SKIPPED_TAGS.has(tag)) return '';
  if (tag === 'br') return mode === 'cell' ? ' ' : '\n';
  if (depth > MAX_DEPTH) return ` ${element.textContent ?? ''} `;
  const inner = Array.from(element.childNodes)
    .map((child) => renderNode(child, mode, depth + 1))
    .join('');
  if (mode === 'cell') {
    if (tag === 'tr') return `${inner}${ROW_BREAK}`;
    return BLOCK_TAGS.has(tag) ? ` ${inner} ` : inner;
  }
  if (BLOCK_TAGS.has(tag)) return `\n${inner}\n`;
  return mode === 'markdown' ? renderMarkdownElement(element, tag, inner) : inner;
}

function renderNode(node: Node, mode: InlineMode, depth: number): string {
  if (node.nodeType === TEXT_NODE) {
    return (node.textContent ?? '').replace(/[\s\uE000]+/g, ' ');
  }
  return isElement(node) ? renderElement(node, mode, depth) : '';
}

function tidy(text: string, mode: InlineMode): string {
  if (mode === 'cell') {
    return text
      .split(ROW_BREAK)
      .map((row) => row.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join('; ');
  }
  return text
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The text of a run of sibling nodes (or of one element's content) in the given mode. */
export function inlineText(nodes: Node | Node[], mode: InlineMode): string {
  const list = Array.isArray(nodes) ? nodes : Array.from(nodes.childNodes);
  return tidy(list.map((node) => renderNode(node, mode, 0)).join(''), mode);
}
