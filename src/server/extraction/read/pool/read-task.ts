import type { MessagePort } from 'node:worker_threads';
import { AppError, isErrorCode, type ErrorCode } from '../../../../shared/errors';
import type { FetchedInput } from '../../ingest/fetch-source';
import type { ReadMail } from '../../../modules/inbox/read-mail';
import type { ParseSettings } from '../../read-settings';
import type { FinishedRun, FinishTaskInput } from '../../finish/finish-run';
import type { ServerDocument } from '../types';

/** One read, as sent to a worker thread. Everything in it can be cloned across threads. */
export type ReadTask = {
  input: FetchedInput;
  settings: ParseSettings;
  /** The worker reports on it (ReadProgress) and is answered on it (PixelAnswer). */
  progress: MessagePort;
};

/** A mail to read (modules/inbox/read-mail.ts), from the receiver's spool file. */
export type MailTask = {
  mailPath: string;
  progress: MessagePort;
};

/** The end of a run (finish/finish-run.ts): rows, evidence, review and checks. */
export type FinishTask = {
  finish: FinishTaskInput;
  progress: MessagePort;
};

/** Any task a read-pool thread takes. */
export type PoolTask = ReadTask | MailTask | FinishTask;

/** A task as it is submitted, before its channel is added. */
export type SubmittedTask = PoolTask extends infer T
  ? T extends PoolTask
    ? Omit<T, 'progress'>
    : never
  : never;

/**
 * What the reading thread tells the web thread during a read: that it started (the deadline
 * runs from then), each PDF page, and the decoded pixels it asks for and frees (pixel-arbiter.ts).
 */
export type ReadProgress =
  | { type: 'started' }
  | { type: 'page'; page: number; pages: number }
  | { type: 'pixels'; id: number; bytes: number }
  | { type: 'pixels-freed'; id: number };

/** The web thread's answer to a `pixels` request, on the same channel. */
export type PixelAnswer = { type: 'pixels'; id: number; isGranted: boolean; limitBytes: number };

/** An error as it crosses back from a worker: structured cloning keeps no class or code. */
export type CrossedError = {
  code: ErrorCode;
  message: string;
  details?: unknown;
  /** For an unexpected failure, what the worker saw, so the web thread can log it. */
  stack?: string;
};

export type ReadTaskResult =
  | { ok: true; document: ServerDocument }
  | { ok: true; mail: ReadMail }
  | { ok: true; finished: FinishedRun }
  | { ok: false; error: CrossedError };

export function toCrossedError(error: unknown): CrossedError {
  if (error instanceof AppError) {
    return { code: error.code, message: error.message, details: error.details };
  }
  const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return { code: 'INTERNAL', message: 'The file could not be read.', stack };
}

export function fromCrossedError(crossed: CrossedError): AppError {
  const code = isErrorCode(crossed.code) ? crossed.code : 'INTERNAL';
  return new AppError(code, { message: crossed.message, details: crossed.details });
}
