import { useId, useState, type ReactNode } from 'react';
import type { HttpMethod, OpenApiOperation, OpenApiParameter } from '../../../../shared/openapi';
import { ExampleAnswer, ExampleRequest, type CallContext } from './endpoint-examples';
import { InlineMarkdown, Markdown } from './markdown-text';
import { SchemaView } from './schema-view';

/** Who may call an operation, from its security requirements. */
function authText(operation: OpenApiOperation): string {
  const schemes = operation.security.flatMap((requirement) => Object.keys(requirement));
  if (operation.security.length === 0) return 'None: anyone may call it.';
  const optional = operation.security.some((requirement) => Object.keys(requirement).length === 0);
  const names = schemes.map((scheme) =>
    scheme === 'apiKey' ? 'an API key (Authorization: Bearer rsk_…)' : 'a session cookie',
  );
  const list = names.join(' or ');
  return optional ? `Optional: ${list}; otherwise the anonymous free runs.` : `Required: ${list}.`;
}

export function operationAnchor(method: HttpMethod, path: string): string {
  return `${method}-${path.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}

type EndpointProps = {
  method: HttpMethod;
  path: string;
  operation: OpenApiOperation;
  context: CallContext;
};

/**
 * One endpoint, folded: method, path and summary; open for its link, auth, examples,
 * parameters, body and answers. Its id is the anchor links to it use.
 */
export function EndpointItem(props: EndpointProps) {
  const { method, path, operation } = props;
  const anchor = operationAnchor(method, path);
  // The details are rendered once opened: the page stays light with every endpoint folded.
  const [isOpen, setIsOpen] = useState(false);
  return (
    <details
      id={anchor}
      className="group scroll-mt-20 rounded-lg border bg-card text-card-foreground"
      onToggle={(event) => setIsOpen(event.currentTarget.open)}
    >
      <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-4 py-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
        <span className="w-16 shrink-0 rounded border px-1.5 py-0.5 text-center font-mono text-xs font-bold uppercase">
          {method.toUpperCase()}
        </span>
        <code className="min-w-0 font-mono text-sm font-semibold break-all">{path}</code>
        <span className="text-sm text-muted-foreground">
          <InlineMarkdown text={operation.summary} />
        </span>
      </summary>
      {isOpen ? <EndpointDetails {...props} anchor={anchor} /> : null}
    </details>
  );
}

function EndpointDetails(props: EndpointProps & { anchor: string }) {
  const { method, path, operation, context, anchor } = props;
  const name = `${method.toUpperCase()} ${path}`;
  return (
    <div className="space-y-5 border-t px-4 py-4">
      {operation.description ? (
        <Markdown
          text={operation.description}
          className="text-sm"
          data-testid="operation-description"
        />
      ) : null}
      <p className="text-xs">
        <a
          href={`#${anchor}`}
          aria-label={`Link to ${name}`}
          className="text-muted-foreground underline underline-offset-4"
        >
          Link to this endpoint
        </a>
      </p>
      <Part title="Authentication">
        <p className="text-sm">{authText(operation)}</p>
      </Part>
      <ExampleRequest method={method} path={path} operation={operation} context={context} />
      <ExampleAnswer operation={operation} />
      {operation.parameters ? (
        <Part title="Parameters">
          <Parameters parameters={operation.parameters} />
        </Part>
      ) : null}
      {operation.requestBody ? (
        <Part title="Request body">
          <Contents content={operation.requestBody.content} />
        </Part>
      ) : null}
      <Part title="Responses">
        <ul className="space-y-4">
          {Object.entries(operation.responses).map(([status, response]) => (
            <li key={status} className="min-w-0">
              <p className="text-sm">
                <span className="font-mono font-semibold">{status}</span>{' '}
                <span className="text-muted-foreground">
                  <InlineMarkdown text={response.description} />
                </span>
              </p>
              {response.content ? <Contents content={response.content} /> : null}
            </li>
          ))}
        </ul>
      </Part>
    </div>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h4 id={id} className="mb-2 text-sm font-semibold">
        {title}
      </h4>
      {children}
    </section>
  );
}

function Parameters({ parameters }: { parameters: OpenApiParameter[] }) {
  return (
    <ul className="space-y-2">
      {parameters.map((parameter) => (
        <li key={`${parameter.in}-${parameter.name}`} className="min-w-0 text-sm">
          <code className="font-mono font-semibold">{parameter.name}</code>{' '}
          <span className="text-xs text-muted-foreground">
            in {parameter.in}, {parameter.required ? 'required' : 'optional'}
          </span>
          {parameter.description ? (
            <span className="text-muted-foreground">
              {' '}
              · <InlineMarkdown text={parameter.description} />
            </span>
          ) : null}
          <div className="mt-1">
            <SchemaView schema={parameter.schema} />
          </div>
        </li>
      ))}
    </ul>
  );
}

type Content = NonNullable<OpenApiOperation['requestBody']>['content'];

function Contents({ content }: { content: Content }) {
  return (
    <div className="mt-1 space-y-3">
      {Object.entries(content).map(([mediaType, media]) => (
        <div key={mediaType} className="min-w-0 rounded-md bg-muted/50 p-3">
          <p className="mb-1 font-mono text-xs text-muted-foreground">{mediaType}</p>
          <SchemaView schema={media.schema} />
        </div>
      ))}
    </div>
  );
}
