/**
 * How the fake model answers a document's own fields (records, issue 31): each field is the value
 * of the document's first `Key: value` line whose key names it (ignoring case, spaces, `_`, `#`
 * and dots), else null. Wrong values are planted on purpose, as in rows (planted-errors.ts):
 * - `digits`: two neighbouring digits of a number swapped;
 * - `other-row`: the value of another field of the same kind (the subtotal given as the total);
 * - `nowhere`: text that is nowhere in the document.
 * Which fields are planted, and how, is chosen from a hash of the field's name and right value,
 * so a field is planted the same way in every part and continuation.
 */
import { recordsIn } from './document-records';
import {
  hash,
  INVENTED,
  isDate,
  isNumeric,
  PLANT_KINDS,
  swapDigits,
  type PlantedError,
  type PlantOptions,
} from './planted-errors';
import type { FakeBehavior, FakeChatRequest } from './types';

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const keyForm = (text: string) => text.toLowerCase().replace(/[\s_\-.#:]+/g, '');

/** The requested fields: from the json_schema's `fields` properties, else the prompt's list. */
export function fieldsOf(request: FakeChatRequest, prompt: string): string[] {
  const schema = request.response_format?.json_schema?.schema;
  const fields = isRecord(schema?.properties) ? schema.properties.fields : undefined;
  if (isRecord(fields) && isRecord(fields.properties)) return Object.keys(fields.properties);
  const list = /Document fields[^\n]*:\n((?:- .*(?:\n|$))+)/.exec(prompt)?.[1] ?? '';
  return [...list.matchAll(/^- (.+?) \((?:text|number|date|boolean)[^)]*\)/gm)].map(
    (m) => m[1] ?? '',
  );
}

/** The part of a longer document the prompt is (1-based), or 1. */
function partOf(prompt: string): number {
  return Number(/This is part (\d+) of \d+/.exec(prompt)?.[1] ?? 1);
}

function valuesIn(document: string, names: string[]): Fields {
  const found = new Map<string, string>();
  for (const record of recordsIn(document))
    for (const [key, value] of Object.entries(record))
      if (!found.has(keyForm(key))) found.set(keyForm(key), value.trim());
  return Object.fromEntries(names.map((name) => [name, found.get(keyForm(name)) || null]));
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

function plantOne(fields: Fields, name: string, kind: string, pick: number, document: string) {
  const right = textOf(fields[name]);
  if (kind === 'digits') return isNumeric(right) && !isDate(right) ? swapDigits(right, pick) : null;
  if (kind === 'other-row') {
    const sameKind = (text: string) =>
      (isNumeric(text) && isNumeric(right)) || (isDate(text) && isDate(right));
    const other = Object.values(fields)
      .map(textOf)
      .find((text) => text && text !== right && sameKind(text));
    return other ?? null;
  }
  if (isNumeric(right) || isDate(right)) return null;
  return (
    INVENTED.find((text, i) => i >= pick % INVENTED.length && !document.includes(text)) ?? null
  );
}

function plantFieldErrors(fields: Fields, options: PlantOptions, document: string) {
  const kinds = options.kinds ?? PLANT_KINDS;
  const seed = options.seed ?? 7;
  const planted: PlantedError[] = [];
  const out: Fields = { ...fields };
  for (const [name, value] of Object.entries(fields)) {
    if (!textOf(value)) continue;
    const key = hash(`${name}\u0000${textOf(value)}`, seed);
    if (key % options.every !== 0) continue;
    const kind = kinds[(key >>> 8) % kinds.length] ?? 'nowhere';
    const given = plantOne(fields, name, kind, key >>> 16, document);
    if (!given || given === value) continue;
    planted.push({ kind, column: name, row: fields, given, isField: true });
    out[name] = given;
  }
  return { fields: out, planted };
}

/** The fields of this part of the document, with the planted mistakes and conflicts asked for. */
export function answerFields(options: {
  names: string[];
  document: string;
  prompt: string;
  behavior: FakeBehavior;
}): { fields: Fields; planted: PlantedError[] } {
  const { names, document, behavior } = options;
  const read = valuesIn(document, names);
  const { fields, planted } = behavior.plantFields
    ? plantFieldErrors(read, behavior.plantFields, document)
    : { fields: read, planted: [] };
  const conflict = behavior.fieldConflict;
  if (conflict && partOf(options.prompt) > 1 && names.includes(conflict.field))
    return { fields: { ...fields, [conflict.field]: conflict.value }, planted };
  return { fields, planted };
}
