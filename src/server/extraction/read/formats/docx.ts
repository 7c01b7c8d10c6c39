import mammoth from 'mammoth';
import { AppError } from '../../../../shared/errors';
import { applyTableFacts, readTableFacts } from './docx-tables';
import { htmlToBlocks } from './html';
import type { Block, Reader, ReadLimits } from '../types';
import { scanZip } from '../zip-limits';

const NOT_A_WORD_DOCUMENT = 'the file is damaged or is not a Word document.';

function notAWordDocument(cause: unknown): AppError {
  return new AppError('FILE_PROCESSING_FAILED', {
    params: { message: NOT_A_WORD_DOCUMENT },
    cause,
  });
}

/** The zip must be sound and within the limits, counted as it inflates, before mammoth opens it. */
async function assertReadableArchive(bytes: Uint8Array, limits: ReadLimits) {
  try {
    await scanZip(bytes, limits);
  } catch (error) {
    if (error instanceof AppError && error.code === 'FILE_PROCESSING_FAILED') {
      throw notAWordDocument(error);
    }
    throw error;
  }
}

// Pictures are left out: their base64 text would only bloat the markup.
const dropImages = mammoth.images.imgElement(() => Promise.resolve({ src: '' }));

async function convertToHtml(bytes: Uint8Array): Promise<string> {
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      { convertImage: dropImages },
    );
    return result.value;
  } catch (cause) {
    throw notAWordDocument(cause);
  }
}

function firstHeading(blocks: Block[]): string | null {
  const heading = blocks.find((block) => block.kind === 'heading');
  return heading?.kind === 'heading' ? heading.text : null;
}

/**
 * A Word document → blocks: headings, paragraphs, lists and tables. mammoth turns it into HTML
 * (merged cells become colspan and rowspan, whose value fills every cell they cover; header rows
 * th cells in a thead); what it drops of a table (cells a row leaves out, shading) is read from
 * the document's XML beside it. mammoth's warnings are about styles it does not know and are not
 * shown. The title is the first heading.
 */
export const readDocx: Reader = async ({ bytes, limits, signal }) => {
  await assertReadableArchive(bytes, limits);
  if (signal?.aborted) throw signal.reason;
  const [html, facts] = await Promise.all([convertToHtml(bytes), readTableFacts(bytes)]);
  if (signal?.aborted) throw signal.reason;
  const blocks = htmlToBlocks(html, {
    tableSource: 'docx',
    isEveryTableData: true,
    prepare: (document) => applyTableFacts(document, facts),
  });
  return { blocks, title: firstHeading(blocks) };
};
