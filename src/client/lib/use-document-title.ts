import { useEffect } from 'react';
import { SITE } from '../../shared/site';

/** Sets the browser tab title for a page: "About · Rowsmith". */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE.name}` : `${SITE.name}: ${SITE.tagline}`;
  }, [title]);
}
