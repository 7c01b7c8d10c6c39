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
    localStorage.removeItem(HANDOFF);
  } catch {
    // As above.
  }
}

/**
 * A sign-up's mailed link opens in a new tab, whose sessionStorage is empty: the tab that signed
 * up hands its drafts over through localStorage, for an hour, and the link's tab takes them once.
 */
const HANDOFF = 'rowsmith.draft-handoff';
const HANDOFF_MS = 60 * 60 * 1000;

export function handOffDrafts(now = Date.now()): void {
  try {
    const drafts: Record<string, string> = {};
    for (const key of Object.keys(sessionStorage))
      if (key.startsWith(PREFIX)) drafts[key] = sessionStorage.getItem(key) ?? '';
    if (Object.keys(drafts).length === 0) localStorage.removeItem(HANDOFF);
    else localStorage.setItem(HANDOFF, JSON.stringify({ at: now, drafts }));
  } catch {
    // As above: the drafts stay in the tab that signed up.
  }
}

/** Takes the drafts a sign-up handed over, where this tab has none of its own. */
export function takeHandedOffDrafts(now = Date.now()): void {
  try {
    const raw = localStorage.getItem(HANDOFF);
    if (raw === null) return;
    localStorage.removeItem(HANDOFF);
    const { at, drafts } = JSON.parse(raw) as { at: number; drafts: Record<string, string> };
    if (!(now - at <= HANDOFF_MS)) return;
    for (const [key, value] of Object.entries(drafts))
      if (key.startsWith(PREFIX) && sessionStorage.getItem(key) === null)
        sessionStorage.setItem(key, value);
  } catch {
    // A handoff that cannot be read is dropped.
  }
}
