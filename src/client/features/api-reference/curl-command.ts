import type { HttpMethod, OpenApiOperation } from '../../../shared/openapi';

export type CurlOptions = {
  method: HttpMethod;
  path: string;
  operation: OpenApiOperation;
  /** Where this server is, as the page sees it: `https://rowsmith.example`. */
  origin: string;
  /** The session cookie's name, for endpoints only a browser session may call. */
  sessionCookie: string;
};

/** The environment variable the examples read the API key from (the CLI reads it too). */
export const API_KEY_VARIABLE = 'ROWSMITH_API_KEY';

/** `{documentId}` → `$DOCUMENT_ID`: the shell fills it in, inside double quotes. */
const shellVariable = (name: string) =>
  `$${name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`;

/** A value inside single quotes, with any single quote in it closed, escaped and reopened. */
const singleQuoted = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/** Only a stream: follow it as it comes (`-N`) and ask for it. */
function streamsOnly(operation: OpenApiOperation): boolean {
  const ok = Object.entries(operation.responses).find(([status]) => status.startsWith('2'));
  const types = Object.keys(ok?.[1].content ?? {});
  return types.length > 0 && types.every((type) => type === 'text/event-stream');
}

function authLines(options: CurlOptions): string[] {
  const { operation, method, origin } = options;
  const schemes = operation.security.flatMap((requirement) => Object.keys(requirement));
  if (schemes.includes('apiKey')) return [`-H "Authorization: Bearer $${API_KEY_VARIABLE}"`];
  if (!schemes.includes('sessionCookie')) return [];
  const cookie = `-b "${options.sessionCookie}=$SESSION_TOKEN"`;
  // A browser session must come with the app's own Origin on anything but a read.
  return method === 'get' ? [cookie] : [cookie, `-H "Origin: ${origin}"`];
}

function bodyLines(operation: OpenApiOperation): string[] {
  const content = operation.requestBody?.content;
  if (!content) return [];
  const json = content['application/json'];
  if (json) {
    const body = JSON.stringify(json.example ?? {}, null, 2);
    return ['-H "Content-Type: application/json"', `-d ${singleQuoted(body)}`];
  }
  return content['multipart/form-data'] ? ['-F "file=@statement.pdf"'] : [];
}

/**
 * A curl call of an endpoint, ready to paste into a shell: the address with its path parameters
 * as shell variables, the key from ROWSMITH_API_KEY (or a session cookie where only a browser
 * session may call), and the example body; one option a line.
 */
export function curlCommand(options: CurlOptions): string {
  const { method, path, operation, origin } = options;
  const address = `${origin}${path.replace(/\{(\w+)\}/g, (_, name: string) => shellVariable(name))}`;
  const first = ['curl', ...(streamsOnly(operation) ? ['-N'] : [])];
  if (method !== 'get') first.push(`-X ${method.toUpperCase()}`);
  first.push(`"${address}"`);
  const lines = [
    first.join(' '),
    ...(streamsOnly(operation) ? ['-H "Accept: text/event-stream"'] : []),
    ...authLines(options),
    ...bodyLines(operation),
  ];
  return lines.join(' \\\n  ');
}
