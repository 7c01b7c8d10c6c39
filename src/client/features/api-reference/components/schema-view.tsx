import type { JsonSchema } from '../../../../shared/openapi';
import { childSchemas, constraintsOf, typeLabel } from '../schema-label';
import { InlineMarkdown } from './markdown-text';

const MAX_DEPTH = 6;

/** A JSON Schema, readably: each property with its type, whether it is required, and its notes. */
export function SchemaView({ schema, depth = 0 }: { schema: JsonSchema; depth?: number }) {
  const objects = childSchemas(schema);
  return (
    <div className="min-w-0 text-sm">
      <p>
        <span className="font-mono text-xs">{typeLabel(schema)}</span>
        {schema.description ? (
          <span className="text-muted-foreground">
            {' '}
            · <InlineMarkdown text={schema.description} />
          </span>
        ) : null}
      </p>
      {objects.length > 0 && depth < MAX_DEPTH
        ? objects.map((object, index) => (
            <div key={index}>
              {objects.length > 1 ? (
                <p className="mt-2 text-xs font-semibold text-muted-foreground">
                  Variant {index + 1}
                </p>
              ) : null}
              <Properties schema={object} depth={depth} />
            </div>
          ))
        : null}
    </div>
  );
}

function Properties({ schema, depth }: { schema: JsonSchema; depth: number }) {
  const entries = Object.entries(schema.properties ?? {});
  if (entries.length === 0) return null;
  return (
    <ul className="mt-2 space-y-2 border-l-2 border-border pl-3">
      {entries.map(([name, property]) => (
        <li key={name} className="min-w-0">
          <Property
            name={name}
            schema={property}
            isRequired={schema.required?.includes(name) ?? false}
            depth={depth}
          />
        </li>
      ))}
    </ul>
  );
}

function Property(props: { name: string; schema: JsonSchema; isRequired: boolean; depth: number }) {
  const { name, schema, isRequired, depth } = props;
  const notes = constraintsOf(schema);
  const nested = childSchemas(schema);
  return (
    <div className="min-w-0">
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <code className="font-mono font-semibold break-all">{name}</code>
        <span className="font-mono text-xs break-words text-muted-foreground">
          {typeLabel(schema)}
        </span>
        <span
          className={
            isRequired ? 'text-xs font-semibold text-foreground' : 'text-xs text-muted-foreground'
          }
        >
          {isRequired ? 'required' : 'optional'}
        </span>
      </p>
      {schema.description ? (
        <p className="mt-0.5 text-muted-foreground">
          <InlineMarkdown text={schema.description} />
        </p>
      ) : null}
      {notes.length > 0 ? (
        <p className="mt-0.5 text-xs text-muted-foreground">{notes.join(' · ')}</p>
      ) : null}
      {nested.length > 0 && depth + 1 < MAX_DEPTH
        ? nested.map((object, index) => (
            <Properties key={index} schema={object} depth={depth + 1} />
          ))
        : null}
    </div>
  );
}
