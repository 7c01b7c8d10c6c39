import type { Rule } from '../../../../shared/records';
import { ruleSummary } from '../utils/rule-summary';

/** The rules a template or an extractor carries, in a few words each, under the fields. */
export function RuleList({ baseId, rules }: { baseId: string; rules: readonly Rule[] }) {
  return (
    <div className="text-xs text-muted-foreground">
      <p id={`${baseId}-rules`}>Checked on every document:</p>
      <ul aria-labelledby={`${baseId}-rules`} className="list-disc pl-5">
        {rules.map((rule, index) => (
          <li key={index}>{ruleSummary(rule)}</li>
        ))}
      </ul>
    </div>
  );
}
