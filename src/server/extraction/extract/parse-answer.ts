export type ParsedAnswer = {
  rows: Record<string, unknown>[];
  /** False when the text was not the JSON asked for (nothing usable, or only a cut-off prefix). */
  isValid: boolean;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Models wrap JSON in ``` fences or add a sentence around it; keep the JSON. */
function stripWrapping(content: string): string {
  const fenced = /```(?:json)?\s*([\s\S]*?)(?:```|$)/i.exec(content);
  const text = (fenced?.[1] ?? content).trim();
  const start = text.search(/[[{]/);
  return start > 0 ? text.slice(start) : text;
}

function rowsOf(value: unknown): Record<string, unknown>[] | null {
  if (Array.isArray(value)) return value.filter(isRecord);
  if (!isRecord(value)) return null;
  if (Array.isArray(value.data)) return value.data.filter(isRecord);
  const firstArray = Object.values(value).find(
    (entry) => Array.isArray(entry) && entry.some(isRecord),
  );
  return Array.isArray(firstArray) ? firstArray.filter(isRecord) : null;
}

/**
 * The complete row objects at the start of a cut-off answer: scans the first array for
 * top-level objects, respecting strings and escapes, and parses each one that closed.
 */
export function completeRowsOfPrefix(text: string): Record<string, unknown>[] {
  const arrayStart = text.indexOf('[');
  if (arrayStart < 0) return [];
  const rows: Record<string, unknown>[] = [];
  let depth = 0;
  let objectStart = -1;
  let inString = false;
  for (let i = arrayStart + 1; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{') {
      if (depth === 0) objectStart = i;
      depth += 1;
    } else if (char === '}') {
      depth -= 1;
      if (depth === 0 && objectStart >= 0) {
        try {
          const parsed: unknown = JSON.parse(text.slice(objectStart, i + 1));
          if (isRecord(parsed)) rows.push(parsed);
        } catch {
          // An object that does not parse is skipped; the next one may.
        }
      }
    } else if (char === ']' && depth === 0) break;
  }
  return rows;
}

/** Reads the model's answer: `{ data: [...] }`, a bare array, fenced JSON, or a cut-off prefix. */
export function parseAnswer(content: string): ParsedAnswer {
  const text = stripWrapping(content);
  try {
    const rows = rowsOf(JSON.parse(text));
    if (rows) return { rows, isValid: true };
  } catch {
    // Not whole JSON: maybe cut off; recover the rows that closed.
  }
  return { rows: completeRowsOfPrefix(text), isValid: false };
}
