import { describe, expect, it } from 'vitest';
import { APP_PAGES, PUBLIC_PAGES, isPagePath, matchesPagePattern } from './page-routes';

describe('isPagePath', () => {
  it('knows every public and signed-in page', () => {
    for (const path of [...Object.values(PUBLIC_PAGES), ...Object.values(APP_PAGES)])
      expect(isPagePath(path), path).toBe(true);
  });

  it('matches as the browser router does: any case, with or without a trailing slash', () => {
    expect(isPagePath('/About')).toBe(true);
    expect(isPagePath('/use-cases/')).toBe(true);
    expect(isPagePath('/auth/callback')).toBe(true);
  });

  it('refuses paths that are not pages', () => {
    for (const path of ['/no/such/page', '/aboutx', '/about/more', '/auth', '/favicon.ico'])
      expect(isPagePath(path), path).toBe(false);
  });
});

describe('matchesPagePattern', () => {
  it('lets a :name segment stand for any one segment', () => {
    expect(matchesPagePattern('/history/:id', '/history/abc-123')).toBe(true);
    expect(matchesPagePattern('/history/:id', '/history')).toBe(false);
    expect(matchesPagePattern('/history/:id', '/history/abc/def')).toBe(false);
  });
});
