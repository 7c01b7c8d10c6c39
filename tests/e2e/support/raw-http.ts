import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { E2E_PORT } from './server';

export type RawResponse = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/**
 * One request to the test server exactly as given, with the body as it travelled (not
 * decompressed), to check what the server sends for each Accept-Encoding.
 */
export function rawRequest(
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port: E2E_PORT, path, method, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
