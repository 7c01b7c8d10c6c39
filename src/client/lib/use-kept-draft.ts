import { useEffect } from 'react';
import { clearDraft, readDraft, writeDraft } from './draft-storage';

/** A kept draft of plain text fields, or null when there is none (or it is not of that shape). */
export function readTextDraft<T extends Record<string, string>>(name: string, empty: T): T | null {
  const kept = readDraft(name)?.value;
  if (typeof kept !== 'object' || kept === null) return null;
  const fields = kept as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(empty).map((key) => [key, typeof fields[key] === 'string' ? fields[key] : '']),
  ) as T;
}

/**
 * Keeps a small form's fields for the tab as they change (lib/draft-storage.ts), so that a
 * reload or a detour through another page finds them again; a blank form keeps nothing.
 */
export function useKeptDraft(name: string, values: Record<string, string>) {
  useEffect(() => {
    if (Object.values(values).every((value) => !value.trim())) clearDraft(name);
    else writeDraft(name, values);
  }, [name, values]);
}
