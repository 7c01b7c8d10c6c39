export type ParsedAnswer = {
  rows: Record<string, unknown>[];
  /** The answer's `fields` object, when the run asked for the document's fields (issue 31). */
  fields?: Record<string, unknown>;
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

/** Where the rows' array starts: the one under `"data"` when there is one, else the first. */
export function answerArrayStart(text: string): number {
  const key = text.search(/"data"\s*:\s*\[/);
  return key >= 0 ? text.indexOf('[', key) : text.indexOf('[');
}

/** The end (exclusive) of the object that starts at `from`, or -1 when it never closes. */
function objectEnd(text: string, from: number): number {
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth += 1;
    else if (char === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

/** The `fields` object of an answer, whole or cut off after it closed; null when there is none. */
export function fieldsOfPrefix(text: string): Record<string, unknown> | null {
  const key = /"fields"\s*:\s*\{/.exec(text);
  if (!key) return null;
  const from = key.index + key[0].length - 1;
  const end = objectEnd(text, from);
  if (end < 0) return null;
  try {
    const parsed: unknown = JSON.parse(text.slice(from, end));
    return isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The complete row objects at the start of a cut-off answer: scans the first array for
 * top-level objects, respecting strings and escapes, and parses each one that closed.
 */
export function completeRowsOfPrefix(text: string): Record<string, unknown>[] {
  const arrayStart = answerArrayStart(text);
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
    const parsed: unknown = JSON.parse(text);
    const fields = isRecord(parsed) && isRecord(parsed.fields) ? parsed.fields : null;
    const rows = rowsOf(parsed) ?? (fields ? [] : null);
    if (rows) return { rows, ...(fields ? { fields } : {}), isValid: true };
  } catch {
    // Not whole JSON: maybe cut off; recover the fields and the rows that closed.
  }
  const fields = fieldsOfPrefix(text);
  return { rows: completeRowsOfPrefix(text), ...(fields ? { fields } : {}), isValid: false };
}
