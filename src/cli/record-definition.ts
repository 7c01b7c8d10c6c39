import type { ColumnDefinition } from '../shared/columns';
import { recordDefinitionSchema, type Rule } from '../shared/records';
import { getTemplate, isTemplateKey, TEMPLATE_KEYS } from '../shared/templates';
import { parseColumnsArgument, parseFieldsArgument } from './columns-argument';
import { UsageError } from './command-line';
import { readRulesFile } from './rules-file';

/** What a run extracts: the document's own fields, its line-item columns, and rules across them. */
export type RunDefinition = {
  fields: ColumnDefinition[];
  columns: ColumnDefinition[];
  rules: Rule[];
};

/**
 * What the command line asked for, each part read and checked on its own: --columns and --fields
 * replace a template's columns and fields, --rules its rules; what is not given comes from the
 * template (here for a built-in one, on the server for a saved extractor).
 */
export type AskedDefinition = Partial<RunDefinition> & { template?: string };

export type DefinitionOptions = {
  columns?: string;
  fields?: string;
  rules?: string;
  template?: string;
};

/** The options' columns, fields and rules file, read; a wrong one is a usage mistake. */
export async function askedDefinitionOf(
  values: DefinitionOptions,
  usage: string,
): Promise<AskedDefinition> {
  const wrong = (message: string) => new UsageError(message, usage);
  if (!values.columns && !values.fields && !values.template)
    throw wrong('Say what to extract, with --columns, --fields or --template.');
  const asked: AskedDefinition = { template: values.template };
  if (values.columns) {
    const parsed = parseColumnsArgument(values.columns);
    if ('problem' in parsed) throw wrong(parsed.problem);
    asked.columns = parsed.columns;
  }
  if (values.fields) {
    const parsed = parseFieldsArgument(values.fields);
    if ('problem' in parsed) throw wrong(parsed.problem);
    asked.fields = parsed.fields;
  }
  if (values.rules) {
    const read = await readRulesFile(values.rules);
    if ('problem' in read) throw wrong(read.problem);
    asked.rules = read.rules;
  }
  return asked;
}

/** Whether the whole definition is known here: no template, or a built-in one. */
export function isKnownLocally(asked: AskedDefinition): boolean {
  return Boolean(asked.columns || asked.fields || !asked.template || isTemplateKey(asked.template));
}

/**
 * The definition a run on this machine uses, checked as the API checks a request: no name both a
 * field and a column, and rules that name fields and columns there are. Built-in templates only:
 * a saved extractor's name means something on a server alone.
 */
export function localDefinition(asked: AskedDefinition, usage: string): RunDefinition {
  let base: RunDefinition = { fields: [], columns: [], rules: [] };
  if (!asked.columns && !asked.fields) {
    const template = asked.template ?? '';
    if (!isTemplateKey(template))
      throw new UsageError(
        `Unknown template "${template}". Templates: ${TEMPLATE_KEYS.join(', ')}. A saved extractor's name works with --server and --api-key.`,
        usage,
      );
    const { fields = [], columns, rules = [] } = getTemplate(template);
    base = { fields, columns, rules };
  }
  const parsed = recordDefinitionSchema.safeParse({
    fields: asked.fields ?? base.fields,
    columns: asked.columns ?? base.columns,
    rules: asked.rules ?? base.rules,
  });
  if (!parsed.success)
    throw new UsageError(parsed.error.issues.map((issue) => issue.message).join(' '), usage);
  return parsed.data;
}

/**
 * What a job on a server is sent: the columns, fields and rules given, and the template (as
 * remoteTemplate answers it) only when neither columns nor fields are, as on this machine.
 */
export function remoteRunOf(
  asked: AskedDefinition,
  template: string | undefined,
): Partial<RunDefinition> & { template?: string | undefined } {
  const { columns, fields, rules } = asked;
  return { columns, fields, rules, template: columns || fields ? undefined : template };
}
