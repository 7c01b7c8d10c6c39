// pdfjs-dist has no types for its worker module; pdfjs.ts loads it for what it sets on globalThis.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
