import { expect } from 'vitest';
import { AppError } from '../../src/shared/errors';

/** Awaits a promise that must fail with an AppError, and returns that error for assertions. */
export async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
