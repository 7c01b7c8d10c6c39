import { elementsBelow, hasDescendantTag, tagOf } from './dom';

// Removing what a reader never sees (scripts, hidden elements) and what is not the page's
// content (menus, banners, footers, sidebars, cookie notices).

const NON_CONTENT_TAGS = new Set(
  (
    'script style noscript template svg math iframe frame frameset object embed canvas audio ' +
    'video picture source track map link meta base title dialog input select textarea button ' +
    'option optgroup datalist output progress meter'
  ).split(' '),
);
const HIDING_ROLES = new Set(['dialog', 'alertdialog']);
const CLUTTER_TAGS = new Set(['nav', 'aside']);
const CLUTTER_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search']);
const COOKIE_NOTICE_GUARDS = new Set(['table', 'h1']);

const SECTIONING = 'article, main, section, [role="main"]';
const COOKIE_NAME = /cookie|consent|gdpr|onetrust|cookiebot/i;
const MAX_COOKIE_NOTICE_CHARACTERS = 2000;

function removeAll(elements: Element[]): void {
  for (const element of elements) element.remove();
}

function isNonContent(element: Element): boolean {
  if (NON_CONTENT_TAGS.has(tagOf(element))) return true;
  if (element.hasAttribute('hidden') || element.getAttribute('aria-hidden') === 'true') return true;
  if (HIDING_ROLES.has(element.getAttribute('role') ?? '')) return true;
  const style = element.getAttribute('style') ?? '';
  return /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style);
}

/** Scripts, styles, embedded media, form controls and hidden elements: never content. */
export function removeNonContent(root: Element): void {
  removeAll(elementsBelow(root).filter(isNonContent));
}

function isPageHeaderOrFooter(element: Element): boolean {
  const tag = tagOf(element);
  if (tag !== 'header' && tag !== 'footer') return false;
  return element.parentElement?.closest(SECTIONING) == null;
}

function isCookieNotice(element: Element): boolean {
  const name = `${element.id} ${element.getAttribute('class') ?? ''}`;
  if (!COOKIE_NAME.test(name)) return false;
  if (hasDescendantTag(element, COOKIE_NOTICE_GUARDS)) return false;
  return (element.textContent ?? '').length <= MAX_COOKIE_NOTICE_CHARACTERS;
}

function isClutter(element: Element): boolean {
  if (CLUTTER_TAGS.has(tagOf(element))) return true;
  if (CLUTTER_ROLES.has(element.getAttribute('role') ?? '')) return true;
  return isPageHeaderOrFooter(element) || isCookieNotice(element);
}

function textLength(element: Element): number {
  return (element.textContent ?? '').replace(/\s+/g, '').length;
}

function hasMarkedAncestor(element: Element, marked: Set<Element>): boolean {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    if (marked.has(parent)) return true;
  }
  return false;
}

/**
 * Removes menus, page header and footer, sidebars and cookie notices. Headers and footers inside
 * an article or section are the article's own and stay. When the clutter would be all the text
 * there is, the page is one odd layout and nothing is removed.
 */
export function removeClutter(body: Element): void {
  const candidates = elementsBelow(body).filter(isClutter);
  const marked = new Set(candidates);
  const outermost = candidates.filter((element) => !hasMarkedAncestor(element, marked));
  const removed = outermost.reduce((sum, element) => sum + textLength(element), 0);
  if (removed > 0 && removed >= textLength(body)) return;
  removeAll(outermost);
}
