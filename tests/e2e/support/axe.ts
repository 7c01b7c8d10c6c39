import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * What axe finds serious or critical on the page as it is now (WCAG 2.1 A/AA, best practice);
 * `within` limits it to one part of a long page that another check already covered whole.
 */
export async function seriousViolations(page: Page, within?: string) {
  const builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ]);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(summary);
}

/**
 * What the named axe rules find, whatever its impact: for a rule axe rates moderate that a
 * screen reader user still trips over, such as `heading-order` (a skipped heading level).
 */
export async function ruleViolations(page: Page, rules: string[]) {
  const results = await new AxeBuilder({ page }).withRules(rules).analyze();
  return results.violations.map(summary);
}

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

function summary(violation: Violation) {
  return {
    rule: violation.id,
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  };
}
