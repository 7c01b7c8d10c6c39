import type { ZipParts } from '../../zip-parts';

/**
 * The workbook's shared strings, in order. A rich string is its runs' text joined; phonetic
 * guides (`rPh`) are left out. Their count is bounded by the element limit checked before.
 */
export async function readSharedStrings(parts: ZipParts, path: string | null): Promise<string[]> {
  const strings: string[] = [];
  if (!path) return strings;
  let current: string | null = null;
  let isInText = false;
  let phoneticDepth = 0;
  await parts.readXml(path, {
    onOpen: ({ name }) => {
      if (name === 'si') current = '';
      else if (name === 'rPh') phoneticDepth += 1;
      else if (name === 't') isInText = phoneticDepth === 0;
    },
    onText: (text) => {
      if (isInText && current !== null) current += text;
    },
    onClose: (name) => {
      if (name === 't') isInText = false;
      else if (name === 'rPh') phoneticDepth -= 1;
      else if (name === 'si') {
        strings.push(current ?? '');
        current = null;
      }
    },
  });
  return strings;
}
