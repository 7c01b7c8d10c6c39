import { useCallback, useEffect, useRef } from 'react';
import { clearDraft, readDraft, writeDraft } from '../../../lib/draft-storage';
import type { ConverterForm } from '../utils/converter-form';
import { formFromDraft } from '../utils/restore-converter-draft';

const NAME = 'converter';
/** Typing is saved once it pauses; leaving the page saves at once. */
const SAVE_AFTER_MS = 400;

/** The form this tab left in the converter, or null to start afresh. */
export function restoreConverterDraft(): ConverterForm | null {
  const kept = readDraft(NAME);
  return kept ? formFromDraft(kept.value, kept.objects) : null;
}

// Writing a draft loads with the first change, not with the page.
const loadDraftWriter = () =>
  import('../utils/converter-draft').then(({ draftOf, isBlankDraft }) => (form: ConverterForm) => {
    const draft = draftOf(form);
    if (isBlankDraft(draft)) clearDraft(NAME);
    else writeDraft(NAME, draft, form.files);
  });
let writer: ((form: ConverterForm) => void) | null = null;

function save(form: ConverterForm) {
  if (writer) writer(form);
  else
    void loadDraftWriter().then(
      (loaded) => {
        writer = loaded;
        loaded(form);
      },
      () => undefined,
    );
}

/**
 * Keeps the converter's draft for the tab as it changes (issue 20 point 5), so that a reload,
 * Back, the privacy page or signing up finds it again. `discard` forgets it (a successful run):
 * nothing is kept again until the form changes.
 */
export function useConverterDraft(form: ConverterForm) {
  const opened = useRef(form);
  const latest = useRef(form);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { tab, text, url, files, lostFiles, description, fields, columns, rules, template } = form;

  const flush = useCallback(() => {
    if (timer.current === null) return;
    clearTimeout(timer.current);
    timer.current = null;
    save(latest.current);
  }, []);

  useEffect(() => {
    latest.current = form;
  });

  useEffect(() => {
    // The form as it was opened (restored, or fresh) is kept already.
    if (latest.current === opened.current) return;
    if (!writer)
      void loadDraftWriter().then(
        (loaded) => (writer = loaded),
        () => undefined,
      );
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      save(latest.current);
    }, SAVE_AFTER_MS);
  }, [tab, text, url, files, lostFiles, description, fields, columns, rules, template]);

  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  const discard = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    clearDraft(NAME);
  }, []);

  return { discard };
}
