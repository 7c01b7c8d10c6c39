import type { ServerDocument } from '../read/types';
import type { Chunk } from './chunk';

/** Page images go with the chunk holding that page; other images (an uploaded photo) with the first. */
export function attachImages(chunks: Chunk[], images: ServerDocument['images']): Chunk[] {
  if (images.length === 0) return chunks;
  const planned: Chunk[] =
    chunks.length > 0
      ? chunks
      : [
          {
            index: 0,
            text: '',
            pages: [],
            images: [],
            estimatedRows: 0,
            estimatedOutputTokens: 0,
            repeatedCharacters: 0,
          },
        ];
  for (const image of images) {
    const target =
      planned.find((chunk) => image.page !== null && chunk.pages.includes(image.page)) ??
      planned[0]!;
    target.images.push(image);
  }
  return planned;
}
