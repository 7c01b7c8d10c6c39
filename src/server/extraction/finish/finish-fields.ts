// The fields of a result (issue 31): their values, review objects and decimals. Without a model
// the offline field finder gives each value and its evidence; with one, the parts' answers are
// merged (merge-fields.ts), each value found in the source, and the finder's reading compared.
import type { ColumnDefinition } from '../../../shared/columns';
import type { CellEvidence, CellValue, ExtractedRow } from '../../../shared/extraction';
import type { ColumnDecimals } from '../../../shared/number-decimals';
import type { RowCells } from '../../../shared/review';
import { findFields, type FoundField } from '../records/find-fields';
import { reviewFields, type SettledField } from '../review/review-fields';
import type { ServerDocument } from '../read/types';
import { cellLocators, textOf, type LocatorLookup, type RowEvidence } from './evidence';
import { pageAt, type TextIndex } from './evidence-index';
import { columnDecimals } from './column-decimals';
import { mergeFieldAnswers, type FieldAnswer } from './merge-fields';
import { setOwn } from '../../../shared/own-property';

export type FinishedFields = {
  fields: Record<string, CellValue>;
  fieldCells: RowCells;
  decimals: ColumnDecimals;
  /** How many fields have a value. */
  foundCount: number;
};

const sameValue = (a: CellValue, b: CellValue) =>
  typeof a === 'string' && typeof b === 'string'
    ? a.trim().toLowerCase() === b.trim().toLowerCase()
    : a === b;

/** Where a model's value stands: where the finder read the same value, else its first place. */
function locator(
  shared: { index: TextIndex; lookup: LocatorLookup },
  offline: Record<string, FoundField>,
) {
  return (field: ColumnDefinition, value: CellValue, raw: unknown): CellEvidence => {
    const read = Object.hasOwn(offline, field.name) ? offline[field.name] : undefined;
    if (read?.evidence && read.value !== null && sameValue(read.value, value)) return read.evidence;
    for (const found of cellLocators(shared.lookup, shared.index, value, textOf(raw), field)) {
      const span = found.find(0, true);
      if (span) return { ...span, page: pageAt(shared.index, span.start), match: found.match };
    }
    return null;
  };
}

export function finishFields(options: {
  document: ServerDocument;
  fields: readonly ColumnDefinition[];
  engine: 'model' | 'offline';
  /** The model's answers for the fields, one per part that gave any (model runs). */
  answers: readonly FieldAnswer[];
  shared: { index: TextIndex; lookup: LocatorLookup };
  threshold: number;
}): FinishedFields {
  const { document, fields } = options;
  if (fields.length === 0) return { fields: {}, fieldCells: {}, decimals: {}, foundCount: 0 };
  const offline = findFields({ document, fields });
  const settled = new Map<string, SettledField>();
  if (options.engine === 'offline') {
    for (const [name, found] of Object.entries(offline))
      settled.set(name, {
        value: found.value,
        raw: found.raw ?? undefined,
        evidence: found.evidence,
      });
  } else {
    const merged = mergeFieldAnswers({
      fields,
      answers: options.answers,
      locate: locator(options.shared, offline),
    });
    for (const [name, field] of merged) settled.set(name, field);
  }
  const values: Record<string, CellValue> = {};
  const raws: Record<string, unknown> = {};
  const evidence: RowEvidence = {};
  for (const field of fields) {
    const entry = settled.get(field.name);
    setOwn(values, field.name, entry?.value ?? null);
    setOwn(raws, field.name, entry?.raw);
    setOwn(evidence, field.name, entry?.evidence ?? null);
  }
  const offlineValues =
    options.engine === 'model'
      ? new Map(Object.entries(offline).map(([name, found]) => [name, found.value]))
      : null;
  const fieldCells = reviewFields({
    document,
    fields,
    settled,
    offline: offlineValues,
    threshold: options.threshold,
  });
  const row: ExtractedRow = Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== null),
  );
  const decimals = columnDecimals({
    columns: fields,
    rows: [row],
    raws: [raws],
    evidence: [evidence],
    sourceText: document.markdown,
  });
  const foundCount = Object.values(values).filter((value) => value !== null && value !== '').length;
  return { fields: values, fieldCells, decimals, foundCount };
}
