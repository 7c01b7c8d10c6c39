/**
 * The little XML the S3 driver reads: ListObjectsV2 pages and error bodies. S3's answers are
 * flat and machine-written, so tag matching is enough; values are entity-decoded.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/** Decodes the five XML entities and numeric references in one pass (`&amp;lt;` → `&lt;`). */
export function decodeXmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (entity, name: string) => {
    if (name.startsWith('#x')) return codePoint(Number.parseInt(name.slice(2), 16)) ?? entity;
    if (name.startsWith('#')) return codePoint(Number.parseInt(name.slice(1), 10)) ?? entity;
    return NAMED_ENTITIES[name] ?? entity;
  });
}

function codePoint(value: number): string | undefined {
  return value >= 0 && value <= 0x10ffff ? String.fromCodePoint(value) : undefined;
}

/** The decoded text of every `<tag>…</tag>` in `xml`, in order. */
export function xmlValues(xml: string, tag: string): string[] {
  const pattern = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g');
  return [...xml.matchAll(pattern)].map((match) => decodeXmlEntities(match[1] ?? ''));
}

function xmlValue(xml: string, tag: string): string | undefined {
  return xmlValues(xml, tag)[0];
}

export type ListPage = {
  keys: string[];
  isTruncated: boolean;
  nextContinuationToken: string | undefined;
};

/** One ListObjectsV2 answer (`<ListBucketResult>`). */
export function parseListPage(xml: string): ListPage {
  // Keys are read from each <Contents> entry only, never from elsewhere in the document.
  const contents = [...xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)];
  return {
    keys: contents.flatMap((match) => xmlValues(match[1] ?? '', 'Key')),
    isTruncated: xmlValue(xml, 'IsTruncated') === 'true',
    nextContinuationToken: xmlValue(xml, 'NextContinuationToken'),
  };
}

/** The `<Code>` of an S3 error body (`<Error><Code>NoSuchKey</Code>…`), when there is one. */
export function errorCodeOf(xml: string): string | undefined {
  const code = xmlValue(xml, 'Code')?.trim();
  return code && /^[A-Za-z0-9.]{1,64}$/.test(code) ? code : undefined;
}
