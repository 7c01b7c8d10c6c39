import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { E2E_MAIL_HTTP_PORT, E2E_SMTP_PORT } from './server';

type CaughtMail = { to: string[]; raw: string; text: string };

/** Quoted-printable as nodemailer writes it: soft line breaks and =XX bytes. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * A mailbox for the browser tests: the app sends its reset mail here by SMTP, and a test reads
 * it back over HTTP (GET /messages?to=address).
 */
const mails: CaughtMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const to = session.envelope.rcptTo.map((address) => address.address.toLowerCase());
      mails.push({ to, raw, text: decodeQuotedPrintable(raw) });
      callback();
    });
  },
});
smtp.listen(E2E_SMTP_PORT, '127.0.0.1');

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/health') {
    response.writeHead(200).end('ok');
    return;
  }
  const to = url.searchParams.get('to')?.toLowerCase();
  const found = mails.filter((mail) => !to || mail.to.includes(to));
  response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(found));
});
http.listen(E2E_MAIL_HTTP_PORT, '127.0.0.1');

process.on('SIGTERM', () => {
  smtp.close(() => http.close(() => process.exit(0)));
});
