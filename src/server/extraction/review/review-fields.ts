// Review of a document's fields (issue 31): each field gets the same review object a cell has,
// from the same kinds of signals: found in the source or not (a field with no value at all is
// worth a look too), how sure OCR and the model were, whether it had to be reshaped to its type,
// whether two parts of the document gave different values, and whether the offline field finder,
// where it agrees with the model on at least half of them, read this one differently.
import type { ColumnDefinition } from '../../../shared/columns';
import type { DocumentJson } from '../../../shared/document';
import type { CellEvidence, CellValue } from '../../../shared/extraction';
import type { CellReview, RowCells } from '../../../shared/review';
import { coerceSignal } from './coerce-signal';
import { boxOf, ocrConfidenceOf, wordsOver } from './evidence-box';
import { modelSignal, ocrSignal } from './review-cells';
import { combineSignals, notFoundSignal, quote, signal, WEIGHTS, type Signal } from './signals';

/** A field's value as the run settled it, before review. */
export type SettledField = {
  value: CellValue;
  raw: unknown;
  evidence: CellEvidence;
  certainty?: number;
  /** Another value found in the source for it (model runs over several parts). */
  conflict?: CellValue | null;
};

/** Fields both readings gave a value for, and the share that must agree, to trust the finder. */
const MIN_COMPARED = 3;
const MIN_AGREEMENT = 0.5;

const isBlank = (value: CellValue | undefined) =>
  value === null || value === undefined || value === '';

function same(a: CellValue, b: CellValue): boolean {
  if (typeof a === 'string' && typeof b === 'string')
    return a.trim().toLowerCase() === b.trim().toLowerCase();
  return a === b;
}

/** The fields the offline finder read differently, when it agrees with the model on most. */
function disagreements(
  fields: readonly ColumnDefinition[],
  settled: ReadonlyMap<string, SettledField>,
  offline: ReadonlyMap<string, CellValue> | null,
): Map<string, CellValue> {
  const differ = new Map<string, CellValue>();
  if (!offline) return differ;
  let compared = 0;
  for (const field of fields) {
    const ours = settled.get(field.name)?.value ?? null;
    const theirs = offline.get(field.name) ?? null;
    if (ours === null || theirs === null || isBlank(ours) || isBlank(theirs)) continue;
    compared += 1;
    if (!same(ours, theirs)) differ.set(field.name, theirs);
  }
  const agreed = compared - differ.size;
  if (compared < MIN_COMPARED || agreed / compared < MIN_AGREEMENT) differ.clear();
  return differ;
}

function reviewField(
  field: ColumnDefinition,
  settled: SettledField,
  context: {
    layout: DocumentJson['layout'];
    offlineSays: CellValue | undefined;
    threshold: number;
  },
): CellReview {
  const { value, raw } = settled;
  const signals: Signal[] = [];
  let evidence: CellEvidence = null;
  if (isBlank(value)) {
    signals.push(signal('not_found', WEIGHTS.notFound, 'No value was found for this field.'));
  } else {
    const found = settled.evidence;
    const words = found && context.layout ? wordsOver(context.layout, found) : [];
    const box =
      found?.box ?? (words.length > 0 && context.layout ? boxOf(context.layout, words) : undefined);
    if (found) evidence = box ? { ...found, page: box.page, box } : found;
    else signals.push(notFoundSignal());
    const conflict = settled.conflict;
    const extra = [
      ocrSignal(ocrConfidenceOf(words)),
      modelSignal(settled.certainty),
      conflict === null || conflict === undefined
        ? null
        : signal(
            'FIELD_CONFLICT',
            WEIGHTS.fieldConflict,
            `Another part of the document gives ${quote(conflict)}.`,
          ),
      context.offlineSays === undefined
        ? null
        : signal(
            'offline_disagrees',
            WEIGHTS.offlineDisagrees,
            `The field finder read ${quote(context.offlineSays)} here.`,
          ),
    ];
    signals.push(...extra.filter((item): item is Signal => item !== null));
  }
  const coerced = coerceSignal(field, raw, value, false);
  if (coerced) signals.push(coerced);
  const { confidence, reasons } = combineSignals(signals);
  return {
    confidence,
    flagged: confidence < context.threshold,
    reasons,
    edited: false,
    evidence,
  };
}

/** Each field's review object, by field name. */
export function reviewFields(options: {
  document: Pick<DocumentJson, 'layout'>;
  fields: readonly ColumnDefinition[];
  settled: ReadonlyMap<string, SettledField>;
  /** The offline finder's values, to compare a model's with (null for offline runs). */
  offline: ReadonlyMap<string, CellValue> | null;
  threshold: number;
}): RowCells {
  const differ = disagreements(options.fields, options.settled, options.offline);
  const cells: RowCells = {};
  for (const field of options.fields) {
    const settled = options.settled.get(field.name) ?? {
      value: null,
      raw: undefined,
      evidence: null,
    };
    Object.defineProperty(cells, field.name, {
      value: reviewField(field, settled, {
        layout: options.document.layout,
        offlineSays: differ.get(field.name),
        threshold: options.threshold,
      }),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return cells;
}
