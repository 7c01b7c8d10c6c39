import type { OpenApiDocument } from '../../../../shared/openapi';
import { HTTP_METHODS } from '../../../../shared/openapi';
import { useEndpointFromHash } from '../hooks/use-endpoint-from-hash';
import type { CallContext } from './endpoint-examples';
import { EndpointIndex, type EndpointEntry } from './endpoint-index';
import { EndpointItem } from './endpoint-item';
import { InlineMarkdown, Markdown } from './markdown-text';

/** The document's operations by tag, in the document's order. */
function byTag(document: OpenApiDocument): Map<string, EndpointEntry[]> {
  const groups = new Map<string, EndpointEntry[]>(document.tags.map((tag) => [tag.name, []]));
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

/** What the curl calls need: this server's address, as the page sees it, and the cookie's name. */
function callContextOf(document: OpenApiDocument): CallContext {
  const scheme = document.components.securitySchemes.sessionCookie;
  const sessionCookie = scheme?.type === 'apiKey' ? scheme.name : 'rowsmith.session_token';
  return { origin: window.location.origin, sessionCookie };
}

/** The whole reference: authentication, an index of every endpoint, then each tag's endpoints. */
export function ApiReference({ document }: { document: OpenApiDocument }) {
  const groups = byTag(document);
  const schemes = Object.entries(document.components.securitySchemes);
  const context = callContextOf(document);
  useEndpointFromHash();
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
              <InlineMarkdown text={scheme.description} />
            </li>
          ))}
        </ul>
        <Markdown
          text={document.info.description}
          className="mt-3 leading-7 text-muted-foreground"
        />
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

      <EndpointIndex groups={groups} />

      {[...groups].map(([name, entries]) => (
        <section key={name} aria-labelledby={tagId(name)} className="scroll-mt-20">
          <h2 id={tagId(name)} className="text-2xl font-semibold tracking-tight">
            {name}
          </h2>
          <Markdown
            text={document.tags.find((tag) => tag.name === name)?.description ?? ''}
            className="mt-1 text-muted-foreground"
          />
          <div className="mt-4 space-y-3">
            {entries.map((entry) => (
              <EndpointItem key={`${entry.method} ${entry.path}`} {...entry} context={context} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
