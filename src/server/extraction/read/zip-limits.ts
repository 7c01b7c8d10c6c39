import yauzl from 'yauzl';
import { AppError } from '../../../shared/errors';

/**
 * DOCX and XLSX are zip archives. Before a library unpacks one, the sizes its directory declares
 * are added up, so that a small file that expands to gigabytes (a zip bomb) is refused cheaply.
 * Returns the declared uncompressed total.
 */
export async function assertZipWithinLimits(
  bytes: Uint8Array,
  maxUncompressedBytes: number,
): Promise<number> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.fromBuffer(
      Buffer.from(bytes),
      { lazyEntries: true, validateEntrySizes: true },
      (error, file) =>
        error || !file ? reject(error ?? new Error('unreadable archive')) : resolve(file),
    );
  }).catch((cause: unknown) => {
    throw new AppError('FILE_PROCESSING_FAILED', {
      params: { message: 'the file is damaged or is not a valid Office document.' },
      cause,
    });
  });

  return new Promise<number>((resolve, reject) => {
    let total = 0;
    zip.on('entry', (entry: yauzl.Entry) => {
      total += entry.uncompressedSize;
      if (total > maxUncompressedBytes) {
        zip.close();
        reject(
          new AppError('ARCHIVE_TOO_LARGE', {
            params: { maxMegabytes: Math.round(maxUncompressedBytes / 1024 / 1024) },
          }),
        );
        return;
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve(total));
    zip.on('error', (cause: unknown) =>
      reject(
        new AppError('FILE_PROCESSING_FAILED', {
          params: { message: 'the file is damaged.' },
          cause,
        }),
      ),
    );
    zip.readEntry();
  });
}
