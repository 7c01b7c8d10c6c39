import type { Kysely } from 'kysely';
import type { ColumnDefinition } from '../../../shared/columns';
import type { Rule } from '../../../shared/records';
import { AppError } from '../../../shared/errors';
import { TEMPLATE_LABELS } from '../../../shared/template-labels';
import { getTemplate, isTemplateKey } from '../../../shared/templates';
import type { Database } from '../../db/schema';
import { findExtractor } from './extractors.queries';

/** What a template gives a run: its columns, its document fields and rules, a description. */
export type TemplateColumns = {
  columns: ColumnDefinition[];
  fields?: ColumnDefinition[] | undefined;
  rules?: Rule[] | undefined;
  description?: string | undefined;
};

/** Finds what a request's `template` names: a built-in template's key or one of the caller's saved extractors. */
export type TemplateLookup = (template: string) => Promise<TemplateColumns>;

/**
 * Built-in templates for everyone; saved extractors by id for their owner only. Anything else
 * answers 400 UNKNOWN_TEMPLATE (another user's extractor is unknown too).
 */
export function templateLookup(db: Kysely<Database>, userId: string | null): TemplateLookup {
  return async (template) => {
    if (isTemplateKey(template)) {
      const { columns, fields, rules } = getTemplate(template);
      return { columns, fields, rules };
    }
    const saved = userId ? await findExtractor(db, userId, template) : null;
    if (!saved) throw new AppError('UNKNOWN_TEMPLATE', { params: { template } });
    return {
      columns: saved.columns,
      fields: saved.fields,
      rules: saved.rules,
      description: saved.description ?? undefined,
    };
  };
}

/**
 * The name of what a job's `template` named, for its file names: a built-in template's label or
 * the owner's saved extractor's name; null when it names nothing (any more).
 */
export async function templateName(
  db: Kysely<Database>,
  userId: string | null,
  template: string | null,
): Promise<string | null> {
  if (!template) return null;
  if (isTemplateKey(template)) return TEMPLATE_LABELS[template];
  const saved = userId ? await findExtractor(db, userId, template) : null;
  return saved?.name ?? null;
}
