import { request } from 'undici';

export type PageReaderSettings = { baseUrl: string; apiKey: string | undefined };

/**
 * Asks the configured external page-reader service for a page's text: a GET to its base address
 * followed by the URL-encoded page address, with an authorization header; plain text comes back.
 * The service is the operator's own choice, so its address is not checked like a user's; the
 * page address it is given has passed the checks of a direct fetch (`checkForwardedUrl`).
 */
export async function readViaPageReader(options: {
  settings: PageReaderSettings;
  url: string;
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal;
}): Promise<string> {
  const { settings, url, timeoutMs, maxBytes } = options;
  const timeout = AbortSignal.timeout(timeoutMs);
  const target = `${settings.baseUrl}${encodeURIComponent(url)}`;
  const headers: Record<string, string> = { accept: 'text/plain' };
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
  const { statusCode, body } = await request(target, {
    headers,
    signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
  });
  if (statusCode >= 400) {
    await body.dump();
    throw new Error(`page reader answered ${statusCode}`);
  }
  const text = await body.text();
  if (Buffer.byteLength(text) > maxBytes) throw new Error('page reader answer too large');
  return text;
}
