import type { ServerDocument } from '../read/types';

/** A part of the document sent to the model in one call (plus continuations). */
export type Chunk = {
  index: number;
  text: string;
  pages: number[];
  images: ServerDocument['images'];
  /** Rows this chunk is expected to yield, from its table rows and lines. */
  estimatedRows: number;
  /** Output tokens its answer is expected to take. */
  estimatedOutputTokens: number;
  /** Characters sent again because an earlier part had them too: a table header carried over. */
  repeatedCharacters: number;
};
