import type { Rule } from '../../../../shared/records';

const shown = (name: string) => name.replace(/_+/g, ' ').trim();

/** A rule in a few words, as the editor lists what a template or an extractor checks. */
export function ruleSummary(rule: Rule): string {
  switch (rule.type) {
    case 'sum':
      return `${shown(rule.column)} adds up to ${shown(rule.field)}`;
    case 'formula':
      return rule.expression;
    case 'required':
      return `${shown(rule.name)} is required`;
    case 'pattern':
      return `${shown(rule.name)} matches ${rule.pattern}`;
    case 'range': {
      const { min, max } = rule;
      if (min !== undefined && max !== undefined)
        return `${shown(rule.name)} is from ${min} to ${max}`;
      return min !== undefined
        ? `${shown(rule.name)} is at least ${min}`
        : `${shown(rule.name)} is at most ${String(max)}`;
    }
    case 'unique':
      return `each ${shown(rule.column)} appears once`;
  }
}
