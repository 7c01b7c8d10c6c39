/**
 * The reasons a cell's confidence is lowered, as /docs explains them (the codes of
 * REVIEW_REASON_CODES in shared/review.ts; docs-facts.test.ts holds the two together, and
 * docs/decisions/020-cell-confidence.md gives the weights).
 */
export const REVIEW_REASONS = [
  ['not_found', 'The value is nowhere in the source, as written or as the number or date it is.'],
  [
    'other_row',
    'The value stands only in another row’s line (another transaction’s amount, the next date).',
  ],
  [
    'apart',
    'Found away from the rest of its row (a heading, a note), or carried down from the row above.',
  ],
  ['low_ocr', 'The words it came from were hard to read (OCR confidence below 70%).'],
  [
    'coerced',
    'Reshaped to fit its type: a date whose day and month could be swapped, a list joined.',
  ],
  ['invalid', 'Given, but not a number, date or yes/no: the value could not take its type.'],
  ['model_unsure', 'The model’s own certainty of the value was low (from its log-probabilities).'],
  ['offline_disagrees', 'The offline extractor read the same row with another value.'],
  ['partial_match', 'A text value only partly found in its row (reworded or reordered).'],
  [
    'RULE_FAILED',
    'A rule of the run does not hold for this value, such as line amounts that do not add up to the subtotal; the message says what was found.',
  ],
  [
    'FIELD_CONFLICT',
    'A document field was found with two different values in different parts of the document; the first is kept and the message names the other.',
  ],
] as const;

/** REVIEW_THRESHOLD's default: cells below this confidence are flagged. */
export const REVIEW_THRESHOLD_DEFAULT = 0.6;
