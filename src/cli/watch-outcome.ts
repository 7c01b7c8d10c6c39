import type { ExtractionResult } from '../shared/extraction';
import { documentTable } from '../shared/combined-table';
import type { FileOutcome } from './watch-file';

/** Plain words for the model provider's answers that a user can act on. */
const PROVIDER_HINTS: [RegExp, string][] = [
  [/^OpenAI API error: 40[13]\b/, 'the model provider did not accept the API key'],
  [/^OpenAI API error: 429\b/, 'the model provider refused: too many requests, or no quota left'],
  [/^OpenAI API error: 503 Service Unavailable$/, 'the model provider could not be reached'],
  [/^OpenAI API error: 5\d\d\b(?!.*in time)/, 'the model provider failed; try again later'],
];

function explained(failure: string): string {
  const hint = PROVIDER_HINTS.find(([pattern]) => pattern.test(failure))?.[1];
  return hint ? `${failure} (${hint})` : failure;
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * Why a result adds nothing to the table, in words a user can act on: the model's refusal or the
 * provider's error for each part that failed, an answer that was not a table, or no rows found
 * (and, without a model, what the offline reader looks for). Never the provider's body, which
 * may echo part of a key.
 */
export function whyNoRows(result: ExtractionResult): string {
  const failed = result.chunks.filter((chunk) => chunk.status === 'failed');
  const failures = [...new Set(failed.flatMap((chunk) => (chunk.error ? [chunk.error] : [])))];
  if (failures.length > 0) {
    const reasons = failures.map((failure) => sentence(explained(failure))).join(' ');
    if (failed.length === result.chunks.length) return reasons;
    return `${failed.length} of its ${result.chunks.length} parts could not be read, so none of its rows were added: ${reasons}`;
  }
  if (result.status === 500) return sentence(result.message ?? 'The model could not read it');
  if (result.engine === 'offline')
    return 'No rows matching your columns were found. No model is configured (OPENAI_API_KEY), so only tables and "label: value" lines whose names match your columns are read.';
  // With no part failed, a 207 is an answer that was not the table asked for, or no rows.
  if (result.message?.startsWith('Invalid response format'))
    return "The model's answer was not the table asked for, so none of its rows were added.";
  return (
    result.warnings.find((warning) => warning.startsWith('No rows matching')) ??
    'No rows matching your columns were found.'
  );
}

/** A result's rows (the flat view: its fields in front of each), or why it has none worth appending. */
export function outcomeOf(
  result: ExtractionResult | null | undefined,
  message?: string | null,
): FileOutcome {
  if (!result) return { error: message ?? 'It could not be read.' };
  if (result.status === 200)
    return {
      rows: documentTable(result.columns, result).rows,
      decimals: result.decimals,
      flagged: result.review.flagged,
    };
  return { error: whyNoRows(result) };
}
