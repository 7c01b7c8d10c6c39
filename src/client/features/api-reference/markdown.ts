/**
 * The small part of Markdown the API's descriptions use, parsed into a tree that is rendered as
 * React elements, never as HTML: `code`, **strong**, *emphasis* (asterisks only, so names like
 * SIGNUP_CREDITS stay as they are), [links](…) to http(s), mailto, this site or an anchor,
 * paragraphs between blank lines, and lists of lines starting with "- ".
 */

export type InlineNode =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong' | 'em'; children: InlineNode[] }
  | { kind: 'link'; href: string; children: InlineNode[] };

export type MarkdownBlock =
  { kind: 'paragraph'; children: InlineNode[] } | { kind: 'list'; items: InlineNode[][] };

const INLINE =
  /`([^`]+)`|\*\*(?=\S)(.+?)(?<=\S)\*\*|\*(?=[^\s*])(.+?)(?<=[^\s*])\*|\[([^\]]+)\]\(([^()\s]+)\)/g;

/** Where a link may lead: the web, mail, this site or a place on this page; nothing else. */
export function isSafeHref(href: string): boolean {
  return /^(https?:\/\/|mailto:|\/(?!\/)|#)/i.test(href);
}

export function parseInline(text: string): InlineNode[] {
  const nodes: InlineNode[] = [];
  let last = 0;
  const push = (node: InlineNode) => {
    const previous = nodes.at(-1);
    if (node.kind === 'text' && previous?.kind === 'text') previous.text += node.text;
    else nodes.push(node);
  };
  for (const match of text.matchAll(INLINE)) {
    const [whole, code, strong, em, label, href] = match;
    if (match.index > last) push({ kind: 'text', text: text.slice(last, match.index) });
    last = match.index + whole.length;
    if (code !== undefined) push({ kind: 'code', text: code });
    else if (strong !== undefined) push({ kind: 'strong', children: parseInline(strong) });
    else if (em !== undefined) push({ kind: 'em', children: parseInline(em) });
    else if (label !== undefined && href !== undefined && isSafeHref(href))
      push({ kind: 'link', href, children: parseInline(label) });
    else push({ kind: 'text', text: whole });
  }
  if (last < text.length) push({ kind: 'text', text: text.slice(last) });
  return nodes;
}

const LIST_ITEM = /^\s*[-*]\s+/;

/** Paragraphs and lists, each line of a paragraph joined to the next with a space. */
export function parseMarkdown(text: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  for (const chunk of text.trim().split(/\n\s*\n/)) {
    const lines = chunk.split('\n').map((line) => line.trim());
    if (lines.every((line) => LIST_ITEM.test(line))) {
      blocks.push({
        kind: 'list',
        items: lines.map((line) => parseInline(line.replace(LIST_ITEM, ''))),
      });
    } else if (chunk.trim()) {
      blocks.push({ kind: 'paragraph', children: parseInline(lines.join(' ')) });
    }
  }
  return blocks;
}
