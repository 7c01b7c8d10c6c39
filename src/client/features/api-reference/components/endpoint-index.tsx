import type { HttpMethod, OpenApiOperation } from '../../../../shared/openapi';
import { operationAnchor } from './endpoint-item';

export type EndpointEntry = { method: HttpMethod; path: string; operation: OpenApiOperation };

/** Every endpoint by section, each a link to its place on the page (which opens it). */
export function EndpointIndex({ groups }: { groups: Map<string, EndpointEntry[]> }) {
  return (
    <nav aria-labelledby="endpoint-index-heading" className="rounded-lg border p-4">
      <h2 id="endpoint-index-heading" className="text-lg font-semibold">
        All endpoints
      </h2>
      <div className="mt-3 gap-8 sm:columns-2 lg:columns-3">
        {[...groups].map(([tag, entries]) => (
          <div key={tag} className="mb-4 break-inside-avoid">
            <p className="mb-1 text-sm font-semibold text-muted-foreground">{tag}</p>
            <ul className="space-y-0.5">
              {entries.map(({ method, path }) => (
                <li key={`${method} ${path}`} className="min-w-0">
                  <a
                    href={`#${operationAnchor(method, path)}`}
                    className="inline-flex max-w-full items-baseline gap-2 rounded-sm py-0.5 text-sm hover:underline"
                  >
                    <span className="w-12 shrink-0 font-mono text-xs font-bold">
                      {method.toUpperCase()}
                    </span>{' '}
                    <code className="min-w-0 font-mono text-xs break-all">{path}</code>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}
