import { useId, type ReactNode } from 'react';
import type { HttpMethod, OpenApiOperation } from '../../../../shared/openapi';
import { CopyButton } from '../../../components/ui/copy-button';
import { API_KEY_VARIABLE, curlCommand } from '../curl-command';

/** Where this server is and its session cookie's name: what a curl call needs beyond the path. */
export type CallContext = { origin: string; sessionCookie: string };

const PRE =
  'max-h-96 overflow-auto rounded-md bg-muted p-3 font-mono text-xs leading-relaxed whitespace-pre focus-visible:outline-2 focus-visible:outline-ring';

function Example({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-2">
      <h4 id={id} className="text-sm font-semibold">
        {title}
      </h4>
      {children}
    </section>
  );
}

/** The curl call of an endpoint, to copy and run with a key in ROWSMITH_API_KEY. */
export function ExampleRequest(props: {
  method: HttpMethod;
  path: string;
  operation: OpenApiOperation;
  context: CallContext;
}) {
  const { context, ...endpoint } = props;
  const command = curlCommand({ ...endpoint, ...context });
  const usesKey = command.includes(API_KEY_VARIABLE);
  return (
    <Example title="Example request">
      {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
      <pre tabIndex={0} aria-label="curl command" className={PRE}>
        <code>{command}</code>
      </pre>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <CopyButton text={command} label="Copy curl command" />
        {usesKey ? (
          <p className="text-xs text-muted-foreground">
            Set <code>{API_KEY_VARIABLE}</code> to a key from Settings first.
          </p>
        ) : null}
      </div>
    </Example>
  );
}

/** The success answer's example, from the document (what its schema says, with real values). */
export function ExampleAnswer({ operation }: { operation: OpenApiOperation }) {
  const [status, response] =
    Object.entries(operation.responses).find(([code]) => code.startsWith('2')) ?? [];
  const media = Object.entries(response?.content ?? {}).find(
    ([, value]) => value.example !== undefined,
  );
  if (!status || !media) return null;
  const [mediaType, { example }] = media;
  const isStream = mediaType === 'text/event-stream';
  return (
    <Example title="Example answer">
      <p className="text-sm text-muted-foreground">
        {`Status ${status}, ${mediaType}${isStream ? ': each event’s data' : ''}`}
      </p>
      <pre tabIndex={0} aria-label={`Example answer ${status}`} className={PRE}>
        <code>{JSON.stringify(example, null, 2)}</code>
      </pre>
    </Example>
  );
}
