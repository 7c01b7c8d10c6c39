import type { Readable } from 'node:stream';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';

/** The parts of a zip archive, opened by name in any order (the central directory says where). */
export type ZipParts = {
  has(name: string): boolean;
  /** Streams a part's XML through handlers; stops early when `onOpen` or `onClose` returns 'stop'. */
  readXml(name: string, handlers: XmlHandlers): Promise<void>;
  close(): void;
};

export type XmlTag = { name: string; attributes: Record<string, string> };
type Flow = 'stop' | void;
export type XmlHandlers = {
  onOpen?: (tag: XmlTag) => Flow;
  onText?: (text: string) => void;
  onClose?: (name: string) => Flow;
};

/** `x:row` and `row` are the same element: namespace prefixes are dropped. */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

function toTag(tag: SaxesTagPlain): XmlTag {
  const attributes: Record<string, string> = {};
  for (const [key, value] of Object.entries(tag.attributes)) attributes[localName(key)] = value;
  return { name: localName(tag.name), attributes };
}

function openStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) =>
      error || !stream ? reject(error ?? new Error('unreadable part')) : resolve(stream),
    );
  });
}

async function streamXml(stream: Readable, handlers: XmlHandlers): Promise<void> {
  const parser = new SaxesParser();
  let isStopped = false;
  parser.on('opentag', (tag) => {
    if (!isStopped && handlers.onOpen?.(toTag(tag)) === 'stop') isStopped = true;
  });
  parser.on('text', (text) => {
    if (!isStopped) handlers.onText?.(text);
  });
  parser.on('cdata', (text) => {
    if (!isStopped) handlers.onText?.(text);
  });
  parser.on('closetag', (tag) => {
    if (!isStopped && handlers.onClose?.(localName(tag.name)) === 'stop') isStopped = true;
  });
  const decoder = new TextDecoder();
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      parser.write(decoder.decode(chunk, { stream: true }));
      if (isStopped) return;
    }
    parser.write(decoder.decode());
    parser.close();
  } finally {
    stream.destroy();
  }
}

/**
 * Opens an archive whose size and parts were already checked by `scanZip`. Parts are inflated
 * again as they are read, one at a time, and parsed as a stream: memory does not grow with them.
 */
export async function openZipParts(bytes: Uint8Array): Promise<ZipParts> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    const options = { lazyEntries: true, autoClose: false, validateEntrySizes: false };
    yauzl.fromBuffer(Buffer.from(bytes), options, (error, file) =>
      error || !file ? reject(error ?? new Error('unreadable archive')) : resolve(file),
    );
  });
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return {
    has: (name) => entries.has(name),
    async readXml(name, handlers) {
      const entry = entries.get(name);
      if (entry) await streamXml(await openStream(zip, entry), handlers);
    },
    close: () => zip.close(),
  };
}
