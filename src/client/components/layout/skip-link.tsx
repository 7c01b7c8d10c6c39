/**
 * The first stop of the keyboard: jumps to the page's main content. Hidden until focused; then it
 * takes its own line above the header (in the page's flow, not over it), so it never covers the
 * logo or the menus.
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only rounded-md bg-primary text-sm font-medium text-primary-foreground focus:not-sr-only focus:m-2 focus:self-start focus:px-4 focus:py-2"
    >
      Skip to content
    </a>
  );
}
