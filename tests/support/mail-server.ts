import { SMTPServer } from 'smtp-server';

/** `text` is the message with quoted-printable decoded, to read; `raw` its bytes, to parse. */
export type CaughtMail = { to: string[]; text: string; raw: Buffer };

export type MailServer = {
  /** SMTP_URL for the app under test. */
  url: string;
  messages: CaughtMail[];
  /** The mails to `to`, oldest first. */
  to: (address: string) => CaughtMail[];
  close: () => Promise<void>;
};

/** Quoted-printable as nodemailer writes it: soft line breaks and =XX bytes. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A local SMTP server that keeps what the app sends, for tests that read their mail. */
export async function startMailServer(): Promise<MailServer> {
  const messages: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address.toLowerCase());
        const raw = Buffer.concat(chunks);
        messages.push({ to, text: decodeQuotedPrintable(raw.toString('utf8')), raw });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to: (address) => messages.filter((mail) => mail.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  };
}
