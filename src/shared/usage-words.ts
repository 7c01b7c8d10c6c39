/** A run's usage at the model, in words: '3 calls, 9,757 tokens in, 12,285 out, cost 0.0412'. */
export function usageWords(usage: {
  inputTokens: number;
  outputTokens: number;
  calls: number;
  cost?: number | null | undefined;
}): string | null {
  if (usage.calls === 0) return null;
  const count = (value: number) => value.toLocaleString('en-US');
  const parts = [
    `${count(usage.calls)} model call${usage.calls === 1 ? '' : 's'}`,
    `${count(usage.inputTokens)} tokens in`,
    `${count(usage.outputTokens)} out`,
  ];
  if (usage.cost !== null && usage.cost !== undefined)
    parts.push(`cost ${usage.cost.toLocaleString('en-US', { maximumSignificantDigits: 3 })}`);
  return parts.join(', ');
}
