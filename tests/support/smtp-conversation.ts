import { connect, type Socket } from 'node:net';

export type SmtpConversation = {
  /** Sends one command line and resolves with the server's whole answer (all its lines). */
  say: (line: string) => Promise<string>;
  /** Sends bytes that get no answer of their own, such as part of a mail after DATA. */
  write: (data: string) => void;
  close: () => void;
};

/**
 * A hand-held SMTP conversation, for what a mail library will not do: stop after RCPT, or hold
 * a mail half sent. Resolves once the greeting has come.
 */
export async function openSmtp(port: number): Promise<SmtpConversation> {
  const socket: Socket = connect(port, '127.0.0.1');
  let buffered = '';
  let waiting: ((answer: string) => void) | null = null;
  const answered = () => {
    // An answer ends with a line of a code and a space (`250 OK`, not `250-SIZE`).
    const match = /(^|\r\n)\d{3} [^\r\n]*\r\n/.exec(buffered);
    if (!match || !waiting) return;
    const end = match.index + match[0].length;
    const answer = buffered.slice(0, end);
    buffered = buffered.slice(end);
    const resolve = waiting;
    waiting = null;
    resolve(answer.trim());
  };
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    answered();
  });
  const next = () =>
    new Promise<string>((resolve, reject) => {
      waiting = resolve;
      socket.once('error', reject);
      answered();
    });
  await next();
  return {
    say: (line) => {
      const answer = next();
      socket.write(`${line}\r\n`);
      return answer;
    },
    write: (data) => socket.write(data),
    close: () => socket.destroy(),
  };
}
