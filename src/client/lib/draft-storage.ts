/**
 * Drafts of forms, kept for this tab so that a reload, Back or a detour through another page
 * (sign-up, pricing) finds them again: in sessionStorage, and in memory for this page's life
 * with what storage cannot hold (chosen File objects). Cleared on sign-out, so that the next
 * person at this browser starts afresh.
 */
const PREFIX = 'rowsmith.draft.';

type Kept = { value: unknown; objects: unknown };
const memory = new Map<string, Kept>();

export function readDraft(name: string): Kept | null {
  const kept = memory.get(name);
  if (kept) return kept;
  try {
    const raw = sessionStorage.getItem(PREFIX + name);
    return raw === null ? null : { value: JSON.parse(raw) as unknown, objects: undefined };
  } catch {
    return null;
  }
}

/** Keeps `value` (plain data) for the tab, and `objects` for as long as this page lives. */
export function writeDraft(name: string, value: unknown, objects?: unknown): void {
  memory.set(name, { value, objects });
  try {
    sessionStorage.setItem(PREFIX + name, JSON.stringify(value));
  } catch {
    // Storage can be full or blocked: the draft still lasts as long as this page.
  }
}

export function clearDraft(name: string): void {
  memory.delete(name);
  try {
    sessionStorage.removeItem(PREFIX + name);
  } catch {
    // As above.
  }
}

export function clearAllDrafts(): void {
  memory.clear();
  try {
    for (const key of Object.keys(sessionStorage))
      if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // As above.
  }
}
