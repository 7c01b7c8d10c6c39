import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { getMimeType } from 'hono/utils/mime';
import type { ContentEncoding } from './accept-encoding';

/** A file of the built client and the encodings the build step wrote a compressed copy in. */
export type ClientFile = { path: string; type: string; encodings: ContentEncoding[] };

/** The suffix of the copy the build step writes for each encoding (see build/precompress.ts). */
export const ENCODED_SUFFIX: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };

const ENCODINGS = Object.keys(ENCODED_SUFFIX) as ContentEncoding[];

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * Every file of the built client by its URL path (`/assets/index-abc.js`), listed once at start.
 * Only these files are ever served, so no request path can reach outside the folder, and which
 * compressed copies exist is known without looking on each request.
 */
export function indexClientFiles(root: string): Map<string, ClientFile> {
  const all = new Set(walk(root));
  const isCopy = (path: string) =>
    ENCODINGS.some((encoding) => {
      const suffix = ENCODED_SUFFIX[encoding];
      return path.endsWith(suffix) && all.has(path.slice(0, -suffix.length));
    });
  const files = new Map<string, ClientFile>();
  for (const path of all) {
    if (isCopy(path)) continue;
    files.set(`/${relative(root, path).split(sep).join('/')}`, {
      path,
      type: getMimeType(path) ?? 'application/octet-stream',
      encodings: ENCODINGS.filter((encoding) => all.has(path + ENCODED_SUFFIX[encoding])),
    });
  }
  return files;
}

/** Size and validator of one representation, read when it is sent (a rebuild may change it). */
export function statVariant(path: string, encoding: ContentEncoding | 'identity') {
  try {
    const stats = statSync(path);
    if (!stats.isFile()) return undefined;
    const version = `${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}`;
    return { size: stats.size, etag: `W/"${version}-${encoding}"` };
  } catch {
    return undefined;
  }
}
