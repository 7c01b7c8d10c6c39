/**
 * Documents' table rows as JSON text, kept in this process while they are asked for again: the
 * rows of a finished document never change, and a finished job may be replayed by many clients
 * at once (every browser tab that opens it), each of which would otherwise have the database
 * pick the rows out of the whole stored result again. Least recently used first out, within
 * `maxBytes` of text.
 */
export type RowsTextCache = {
  get(documentId: string): string | undefined;
  set(documentId: string, rows: string): void;
};

export function createRowsTextCache(maxBytes: number): RowsTextCache {
  const entries = new Map<string, string>();
  let size = 0;
  // A JavaScript string takes about two bytes a character.
  const bytes = (text: string) => text.length * 2;
  return {
    get(documentId) {
      const rows = entries.get(documentId);
      if (rows === undefined) return undefined;
      entries.delete(documentId);
      entries.set(documentId, rows);
      return rows;
    },
    set(documentId, rows) {
      if (bytes(rows) > maxBytes || entries.has(documentId)) return;
      entries.set(documentId, rows);
      size += bytes(rows);
      for (const [oldest, text] of entries) {
        if (size <= maxBytes) break;
        entries.delete(oldest);
        size -= bytes(text);
      }
    },
  };
}
