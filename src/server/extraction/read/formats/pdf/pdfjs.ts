// pdf.js for reading in a Node thread: the only module that loads it (lint holds the others to
// type imports). Four things are settled once, when a thread first reads a PDF:
// - pdf.js's worker code runs in this thread (the read pool's thread is the isolation already),
//   loaded now rather than on the first document.
// - The legacy build (the one for Node) carries core-js, which swaps some of the engine's own
//   functions (Array.prototype.push, JSON.parse and JSON.stringify) for slower copies over corner
//   cases V8 differs on. Every push in the thread then ran through the copy; putting the engine's
//   own back made PDF reading about a quarter faster (docs/decisions/014-pdf-reading-speed.md).
//   What core-js adds that the engine lacks (Promise.withResolvers, ...) stays.
// - Compressed streams are inflated in the thread (see inflate-in-thread.ts).
// - pdf.js loads without its source maps. With source maps on (tsx turns them on), the first stack
//   formatted through pdf.js's code made Node parse its maps, which then held over 100 MB of the
//   thread's heap for good; stacks through pdf.js show its built lines instead.
import { inflateDeflateInThread } from './inflate-in-thread';

/** Objects whose functions a polyfill may replace. */
const BUILTINS: object[] = [
  Array.prototype,
  Object,
  Object.prototype,
  Function.prototype,
  JSON,
  Math,
  Number,
  String.prototype,
  Promise,
  Map.prototype,
  Set.prototype,
  WeakMap.prototype,
  ArrayBuffer.prototype,
  Uint8Array,
  Uint8Array.prototype,
  Object.getPrototypeOf(Uint8Array.prototype) as object,
];

type Saved = { target: object; key: PropertyKey; descriptor: PropertyDescriptor };

function ownFunctions(): Saved[] {
  return BUILTINS.flatMap((target) =>
    Reflect.ownKeys(target).flatMap((key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
      return typeof descriptor?.value === 'function' ? [{ target, key, descriptor }] : [];
    }),
  );
}

/** Runs `load`, then puts back every built-in function it replaced; what it added stays. */
export async function keepBuiltins<T>(load: () => Promise<T>): Promise<T> {
  const saved = ownFunctions();
  try {
    return await load();
  } finally {
    for (const { target, key, descriptor } of saved) {
      if (Reflect.getOwnPropertyDescriptor(target, key)?.value !== descriptor.value)
        Reflect.defineProperty(target, key, descriptor);
    }
  }
}

inflateDeflateInThread();
const pdfjs = await keepBuiltins(async () => {
  const hadSourceMaps = process.sourceMapsEnabled;
  process.setSourceMapsEnabled(false);
  try {
    const library = await import('pdfjs-dist/legacy/build/pdf.mjs');
    // Sets globalThis.pdfjsWorker, which pdf.js uses instead of starting a worker of its own.
    await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    return library;
  } finally {
    process.setSourceMapsEnabled(hadSourceMaps);
  }
});

export const { OPS, Util, VerbosityLevel, getDocument } = pdfjs;
/** pdf.js's folding of ligatures and presentation forms (ﬁ → fi), as its text layer does. */
export const normalizeUnicode = pdfjs.normalizeUnicode as (text: string) => string;
export type {
  PDFDocumentLoadingTask,
  PDFDocumentProxy,
  PDFPageProxy,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
