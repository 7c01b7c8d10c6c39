import {
  PROGRAM_SNIFF_BYTES,
  programFileMessage,
  programKindOf,
} from '../../../../shared/program-files';
import { SUPPORTED_FILES_SENTENCE } from '../../../../shared/supported-files';
import { fileProblem } from '../../../lib/accepted-files';

export type CheckedFiles = { accepted: File[]; error?: string };

/**
 * Whether a file's first bytes are a program's (an executable renamed as a document, or with
 * no extension), in the words the server uses too. The bytes are read only for this. (The
 * converter loads this module when files are chosen, not with the page.)
 */
async function programProblem(file: File, supported: string): Promise<string | null> {
  try {
    const head = new Uint8Array(await file.slice(0, PROGRAM_SNIFF_BYTES).arrayBuffer());
    const kind = programKindOf(head);
    return kind ? programFileMessage(file.name, kind, supported) : null;
  } catch {
    // Unreadable now (moved or deleted since it was chosen): the server will say what it is.
    return null;
  }
}

/**
 * Each chosen file that the browser can take, and why the first refused one was refused: a
 * program first (by its bytes), then what the name, type and size say (fileProblem).
 */
export async function checkFiles(
  files: File[],
  supported = SUPPORTED_FILES_SENTENCE,
): Promise<CheckedFiles> {
  const problems = await Promise.all(
    files.map(
      async (file) =>
        (file.size > 0 ? await programProblem(file, supported) : null) ??
        fileProblem(file, supported),
    ),
  );
  const error = problems.find((problem) => problem !== null) ?? undefined;
  return { accepted: files.filter((_, index) => problems[index] === null), error };
}
