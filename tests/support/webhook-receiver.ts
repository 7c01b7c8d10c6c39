import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Delivery = { headers: IncomingHttpHeaders; body: string; answered: number };

export type WebhookReceiver = {
  /** The address to give as a webhook_url. */
  url: string;
  deliveries: Delivery[];
  close: () => Promise<void>;
};

/** A local webhook receiver that answers each delivery with the next of `answers` (then 200). */
export async function startWebhookReceiver(answers: number[] = []): Promise<WebhookReceiver> {
  const deliveries: Delivery[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const answered = answers[deliveries.length] ?? 200;
      deliveries.push({ headers: request.headers, body, answered });
      response.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/rowsmith`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Standard Webhooks verification, written from its specification. */
export function verifiesWebhook(
  secret: string,
  headers: IncomingHttpHeaders,
  body: string,
): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const content = `${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${body}`;
  const expected = createHmac('sha256', key).update(content).digest('base64');
  return String(headers['webhook-signature'])
    .split(' ')
    .some((signature) => signature === `v1,${expected}`);
}
