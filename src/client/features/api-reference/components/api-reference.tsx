import type { HttpMethod, OpenApiDocument, OpenApiOperation } from '../../../../shared/openapi';
import { HTTP_METHODS } from '../../../../shared/openapi';
import { EndpointItem } from './endpoint-item';

type Entry = { method: HttpMethod; path: string; operation: OpenApiOperation };

/** The document's operations by tag, in the document's order. */
function byTag(document: OpenApiDocument): Map<string, Entry[]> {
  const groups = new Map<string, Entry[]>(document.tags.map((tag) => [tag.name, []]));
  for (const [path, item] of Object.entries(document.paths))
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags[0] ?? 'Other';
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, operation }]);
    }
  return groups;
}

const tagId = (name: string) => `tag-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** The whole reference: authentication, a list of sections, then each tag's endpoints. */
export function ApiReference({ document }: { document: OpenApiDocument }) {
  const groups = byTag(document);
  const schemes = Object.entries(document.components.securitySchemes);
  return (
    <div className="space-y-10">
      <section aria-labelledby="auth-heading" className="max-w-3xl">
        <h2 id="auth-heading" className="text-2xl font-semibold tracking-tight">
          Authentication
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-6 leading-7">
          {schemes.map(([name, scheme]) => (
            <li key={name}>
              <span className="font-semibold">
                {scheme.type === 'http' ? 'API key' : 'Session cookie'}:
              </span>{' '}
              {scheme.description}
            </li>
          ))}
        </ul>
        <p className="mt-3 leading-7 text-muted-foreground">{document.info.description}</p>
      </section>

      <nav aria-label="API sections">
        <ul className="flex flex-wrap gap-2">
          {[...groups.keys()].map((name) => (
            <li key={name}>
              <a
                href={`#${tagId(name)}`}
                className="inline-block rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-muted"
              >
                {name}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {[...groups].map(([name, entries]) => (
        <section key={name} aria-labelledby={tagId(name)} className="scroll-mt-20">
          <h2 id={tagId(name)} className="text-2xl font-semibold tracking-tight">
            {name}
          </h2>
          <p className="mt-1 text-muted-foreground">
            {document.tags.find((tag) => tag.name === name)?.description}
          </p>
          <div className="mt-4 space-y-3">
            {entries.map((entry) => (
              <EndpointItem key={`${entry.method} ${entry.path}`} {...entry} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
