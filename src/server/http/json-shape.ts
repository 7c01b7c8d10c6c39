import { AppError } from '../../shared/errors';

/**
 * How much structure a JSON body may have. Parsing costs time per value far more than per byte:
 * a megabyte of one string parses in about a millisecond, a megabyte of `{"k0":1,…}` in a
 * hundred or more, all of it on the web thread. 20,000 values parse in a few milliseconds and
 * hold the largest body a client sends (a thousand corrections are about 9,000).
 */
export const JSON_SHAPE_LIMITS = { maxValues: 20_000, maxDepth: 64 } as const;

export type JsonShapeLimits = { maxValues: number; maxDepth: number };

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The index of `byte` in `chunk` from `from` on, or the chunk's length when there is none. */
function indexOr(chunk: Uint8Array, byte: number, from: number): number {
  const found = chunk.indexOf(byte, from);
  return found === -1 ? chunk.length : found;
}

export function tooComplex(limits: JsonShapeLimits): AppError {
  return new AppError('JSON_TOO_COMPLEX', { params: limits });
}

/**
 * Counts a JSON text's values (each `{`, `[`, `,` and `:` outside strings) and its nesting
 * depth as its bytes arrive, chunk by chunk, so that a body is refused before it is parsed.
 * It does not check the syntax: the parser that follows does, at a cost this bounds.
 */
export function createJsonShapeCheck(limits: JsonShapeLimits = JSON_SHAPE_LIMITS) {
  let values = 0;
  let depth = 0;
  let isInString = false;
  let isEscaped = false;
  return function push(chunk: Uint8Array): void {
    // Where the next quote and backslash are, found by native searches that skip a string's
    // text (scanning it byte by byte in JavaScript costs tens of milliseconds a megabyte), each
    // searched again only once passed.
    let quote = -1;
    let backslash = -1;
    const next = (byte: number, from: number, found: number) =>
      found >= from || found === chunk.length ? found : indexOr(chunk, byte, from);
    let at = 0;
    while (at < chunk.length) {
      if (isEscaped) {
        isEscaped = false;
        at += 1;
        continue;
      }
      if (isInString) {
        quote = next(QUOTE, at, quote);
        backslash = next(BACKSLASH, at, backslash);
        if (backslash < quote) isEscaped = true;
        else if (quote < chunk.length) isInString = false;
        at = Math.min(quote, backslash) + 1;
        continue;
      }
      const byte = chunk[at]!;
      at += 1;
      if (byte === QUOTE) isInString = true;
      else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
        values += 1;
        depth += 1;
        if (depth > limits.maxDepth) throw tooComplex(limits);
      } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) depth -= 1;
      else if (byte === COMMA || byte === COLON) values += 1;
      if (values > limits.maxValues) throw tooComplex(limits);
    }
  };
}

/**
 * Refuses a JSON text carried in a form field (the `request` part of a job, an extraction's
 * `columns`) that is heavier than a JSON body may be (BODY_TOO_LARGE) or of too much structure.
 */
export function checkJsonField(text: string, maxKilobytes: number): void {
  if (Buffer.byteLength(text) > maxKilobytes * 1024) throw bodyTooLarge(maxKilobytes, true);
  createJsonShapeCheck()(Buffer.from(text));
}

/** BODY_TOO_LARGE; on the endpoints that take uploads, with where files and long text go. */
export function bodyTooLarge(maxKilobytes: number, takesUpload: boolean): AppError {
  const hint = takesUpload ? ' of JSON; send files and long text as multipart/form-data' : '';
  return new AppError('BODY_TOO_LARGE', { params: { maxKilobytes, hint } });
}
