import { readFile } from 'node:fs/promises';
import { rulesSchema, type Rule } from '../shared/records';

export type RulesFile = { rules: Rule[] } | { problem: string };

const EXAMPLE =
  '[{"type": "sum", "column": "amount", "field": "subtotal"}, {"type": "formula", "expression": "subtotal + tax = total"}]';

/**
 * `--rules rules.json`: a JSON list of rules (sum, formula, required, pattern, range, unique), or
 * what is wrong with it, each problem naming its rule by place ("Rule 2 (pattern): …"). Whether the
 * rules name fields and columns that exist is checked with the run's definition (ruleProblems).
 */
export async function readRulesFile(path: string): Promise<RulesFile> {
  let text: string;
  try {
    text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  } catch (error) {
    return { problem: `Cannot read the rules ${path}: ${(error as Error).message}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { problem: `The rules ${path} are not JSON: ${(error as Error).message}` };
  }
  if (!Array.isArray(json))
    return { problem: `The rules ${path} should be a JSON list of rules, like ${EXAMPLE}.` };
  const parsed = rulesSchema.safeParse(json);
  if (parsed.success) return { rules: parsed.data };
  const problems = parsed.error.issues.map((issue) => {
    const [index] = issue.path;
    if (typeof index !== 'number') return issue.message;
    const type = (json as { type?: unknown }[])[index]?.type;
    const place = typeof type === 'string' ? `Rule ${index + 1} (${type})` : `Rule ${index + 1}`;
    return `${place}: ${issue.message}`;
  });
  return { problem: `The rules ${path} cannot be used. ${[...new Set(problems)].join(' ')}` };
}
