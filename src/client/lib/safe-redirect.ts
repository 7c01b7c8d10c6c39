/**
 * The page to go to after signing in: only a path on this site (never `//host` or a full URL,
 * which would make the sign-in page an open redirect), and never back to the auth pages.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/dashboard'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\'))
    return fallback;
  if (/^\/(sign-in|sign-up|auth\/callback)(\/|\?|$)/.test(target)) return fallback;
  return target;
}

/** A path with where to go after signing in or up (`?redirect=`), when there is somewhere. */
export function withRedirect(path: string, redirect: string | null): string {
  return redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;
}
