import { ScrollRestoration, type Location } from 'react-router';

/**
 * Where the page was scrolled to is kept per history entry. Every entry opened by a full page
 * load has the key "default", so those are told apart by their address: otherwise a page opened
 * by its address (a typed URL, a link from a mail) was scrolled to where the page before it in
 * the tab had been left, a moment after it appeared.
 */
function scrollKey(location: Location): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}

/** React Router's scroll restoration, keyed so that each page keeps only its own position. */
export function PageScrollRestoration() {
  return <ScrollRestoration getKey={scrollKey} />;
}
