import { stat } from 'node:fs/promises';
import { formatErrorMessage } from '../shared/errors';
import { UsageError } from './command-line';

/** Whether an argument is a web address rather than a path. */
export const isAddress = (argument: string) => /^https?:\/\//i.test(argument);

/** Why a path cannot be read, in a person's words, from the system's error code. */
function reasonOf(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'there is no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'you may not read it';
  return (error as Error).message;
}

const cannotOpen = (target: string, why: string) =>
  formatErrorMessage('FILE_PROCESSING_FAILED', { message: `cannot open ${target}: ${why}.` });

/**
 * Each input path that cannot be read, with the reason (no such file, a folder, …), in the
 * words of the catalogue (`Failed to process file: cannot open <path>: <why>.`); addresses and `-`
 * (standard input) are not checked. A command checks every input before it runs any, so a
 * typo in one of several paths costs nothing and is not lost among the other inputs' lines.
 */
export async function unreadableInputs(targets: string[]): Promise<string[]> {
  const problems = await Promise.all(
    targets.map(async (target) => {
      if (target === '-' || isAddress(target)) return null;
      try {
        const info = await stat(target);
        return info.isDirectory() ? cannotOpen(target, 'it is a folder, not a file') : null;
      } catch (error) {
        return cannotOpen(target, reasonOf(error));
      }
    }),
  );
  return problems.filter((problem) => problem !== null);
}

/** The one input a command reads: none, or more than one, is a UsageError. */
export function oneInput(positionals: string[], usage: string): string {
  const [target, ...rest] = positionals;
  if (!target) throw new UsageError('Give a file, a web address or - (standard input).', usage);
  if (rest.length > 0)
    throw new UsageError(`One input at a time: leave out "${rest.join('", "')}".`, usage);
  return target;
}

/** Says why an input path cannot be read, if it cannot; answers whether it said so. */
export async function reportUnreadable(target: string): Promise<boolean> {
  const [problem] = await unreadableInputs([target]);
  if (problem) console.error(problem);
  return Boolean(problem);
}
