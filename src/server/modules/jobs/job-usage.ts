import type { JobUsage } from '../../../shared/jobs';
import type { JobDocumentInfo } from './jobs.queries';

type UsageColumns = Pick<
  JobDocumentInfo,
  'input_tokens' | 'output_tokens' | 'model_calls' | 'model_cost'
>;

/** What a document's run cost at the model; null until it has a result. */
export function usageOf(row: UsageColumns): JobUsage | null {
  if (row.model_calls === null || row.model_calls === undefined) return null;
  return {
    input_tokens: Number(row.input_tokens ?? 0),
    output_tokens: Number(row.output_tokens ?? 0),
    calls: Number(row.model_calls),
    cost: row.model_cost === null ? null : Number(row.model_cost),
  };
}

/** A job's usage: its documents', summed; a cost only when every document that ran has one. */
export function jobUsageOf(documents: UsageColumns[]): JobUsage {
  const usages = documents.map(usageOf).filter((usage) => usage !== null);
  const sum = (pick: (usage: JobUsage) => number) =>
    usages.reduce((total, usage) => total + pick(usage), 0);
  const isPriced = usages.length > 0 && usages.every((usage) => usage.cost !== null);
  return {
    input_tokens: sum((usage) => usage.input_tokens),
    output_tokens: sum((usage) => usage.output_tokens),
    calls: sum((usage) => usage.calls),
    cost: isPriced ? Math.round(sum((usage) => usage.cost ?? 0) * 1e6) / 1e6 : null,
  };
}
