// A document's fields from the model's answers, one per part (issue 31 point 3). Each field takes
// the first value found in the source (with evidence); without any, the first value given. Two
// different values both found in the source keep the first and name the other as a conflict,
// which review flags FIELD_CONFLICT: the person decides which one the document means.
import type { ColumnDefinition } from '../../../shared/columns';
import type { CellEvidence, CellValue } from '../../../shared/extraction';
import { coerceValue } from '../coerce';
import { rawValue } from './evidence';

/** One part's answer for the fields, and how sure the model was of each value. */
export type FieldAnswer = {
  values: Record<string, unknown>;
  certainty?: Record<string, number>;
};

export type MergedField = {
  value: CellValue;
  /** What the model wrote, before coercion (undefined when no part gave a value). */
  raw: unknown;
  evidence: CellEvidence;
  certainty?: number;
  /** Another value found in the source for the same field, in a later part. */
  conflict: CellValue | null;
};

type Candidate = Omit<MergedField, 'conflict'>;

const isBlank = (value: CellValue) => value === null || value === '';

function sameValue(a: CellValue, b: CellValue): boolean {
  if (typeof a === 'string' && typeof b === 'string')
    return (
      a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase()
    );
  return a === b;
}

function mergeField(
  field: ColumnDefinition,
  answers: readonly FieldAnswer[],
  locate: (field: ColumnDefinition, value: CellValue, raw: unknown) => CellEvidence,
): MergedField {
  const candidates: Candidate[] = answers.flatMap((answer) => {
    const raw = rawValue(answer.values, field.name);
    const value = coerceValue(raw, field.type);
    if (isBlank(value)) return [];
    const certainty = rawValue(answer.certainty, field.name);
    return [
      {
        value,
        raw,
        evidence: locate(field, value, raw),
        ...(typeof certainty === 'number' ? { certainty } : {}),
      },
    ];
  });
  const found = candidates.filter((candidate) => candidate.evidence !== null);
  const chosen = found[0] ?? candidates[0];
  if (!chosen) return { value: null, raw: undefined, evidence: null, conflict: null };
  const other = found.find((candidate) => !sameValue(candidate.value, chosen.value));
  return { ...chosen, conflict: other?.value ?? null };
}

/** Each field merged across the parts' answers, by field name. */
export function mergeFieldAnswers(options: {
  fields: readonly ColumnDefinition[];
  answers: readonly FieldAnswer[];
  /** Where a value stands in the source, or null when it is nowhere. */
  locate: (field: ColumnDefinition, value: CellValue, raw: unknown) => CellEvidence;
}): Map<string, MergedField> {
  return new Map(
    options.fields.map((field) => [field.name, mergeField(field, options.answers, options.locate)]),
  );
}
