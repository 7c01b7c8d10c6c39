import { describe, expect, it } from 'vitest';
import { toAuthFormError } from './auth-form-error';

describe('toAuthFormError', () => {
  it("reads better-auth's own errors", () => {
    const error = toAuthFormError(
      { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password', status: 401 },
      'Sign-in failed.',
    );
    expect(error.message).toBe('Invalid email or password');
    expect(error.code).toBe('INVALID_EMAIL_OR_PASSWORD');
    expect(error.fieldErrors).toEqual({});
  });

  it('reads our validation errors with their field messages', () => {
    const error = toAuthFormError(
      {
        status: 400,
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Some fields need your attention.',
          details: { fieldErrors: { password: ['Password must be at least 12 characters'] } },
        },
      },
      'Sign-up failed.',
    );
    expect(error.message).toBe('Some fields need your attention.');
    expect(error.fieldErrors).toEqual({ password: 'Password must be at least 12 characters' });
  });

  it('falls back when the answer says nothing', () => {
    expect(toAuthFormError({ status: 500 }, 'Please try again.').message).toBe('Please try again.');
  });
});
