export type OpenStream = {
  /** The data of the event read up to. */
  data: string;
  /** Reads the rest of the stream, to its end. */
  rest: () => Promise<string>;
  /** Stops reading and closes the stream, as a closed page does. */
  cancel: () => Promise<void>;
};

/**
 * Reads a server-sent event stream until its first event called `name`, and answers that
 * event's data with ways to read the rest or to go away.
 */
export async function readUntilEvent(response: Response, name: string): Promise<OpenStream> {
  if (!response.body) throw new Error('the answer has no body');
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const pattern = new RegExp(`(?:^|\\n)event: ${name}\\ndata: (.*)\\n`);
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`the stream ended before a "${name}" event:\n${text}`);
    text += decoder.decode(value, { stream: true });
    const match = pattern.exec(text);
    if (!match) continue;
    const after = text.slice(match.index + match[0].length);
    return {
      data: match[1]!,
      rest: async () => {
        let rest = after;
        for (;;) {
          const next = await reader.read();
          if (next.done) return rest + decoder.decode();
          rest += decoder.decode(next.value, { stream: true });
        }
      },
      cancel: () => reader.cancel(),
    };
  }
}
