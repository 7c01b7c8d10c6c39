import { describe, expect, it } from 'vitest';
import { signUpSchema } from '../../../shared/account';
import { fieldErrorsOf, resetPasswordSchema, signInSchema } from './auth-schemas';

describe('the auth form schemas', () => {
  it('asks for the sign-in email and password', () => {
    expect(fieldErrorsOf(signInSchema, { email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(fieldErrorsOf(signInSchema, { email: 'not-an-email', password: 'x' })).toEqual({
      email: 'Enter a valid email address',
    });
    expect(fieldErrorsOf(signInSchema, { email: ' a@b.co ', password: 'x' })).toEqual({});
  });

  it('uses the shared sign-up messages', () => {
    expect(
      fieldErrorsOf(signUpSchema(), { name: ' ', email: 'a@b.co', password: 'short' }),
    ).toEqual({
      name: 'Full name is required',
      password: 'Password must be at least 8 characters',
    });
  });

  it('wants the new password twice, the same both times', () => {
    expect(
      fieldErrorsOf(resetPasswordSchema, {
        password: 'long enough password',
        confirmPassword: 'another password',
      }),
    ).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(
      fieldErrorsOf(resetPasswordSchema, { password: 'short', confirmPassword: 'short' }),
    ).toEqual({ password: 'Password must be at least 8 characters' });
  });
});
