import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { withRedirect } from '../../../lib/safe-redirect';
import { toAuthFormError } from '../auth-form-error';
import { AUTH_MUTATION_KEY } from './auth-mutation-key';
import { VERIFIED_EMAIL_PATH } from './send-verification-email';

export type SignUpInput = { name: string; email: string; password: string };

export type SignUpOutcome = {
  isSignedIn: boolean;
  /** The server mails a link to confirm the address before the account is used. */
  isVerificationRequired: boolean;
};

/**
 * Creates the account (SPEC.md section 4), which the server signs in at once unless the address
 * must be confirmed first. The answer is the same for an email that already has an account, so
 * what comes next follows whether a session really exists.
 */
export async function signUp(
  input: SignUpInput & { redirect?: string | null },
): Promise<SignUpOutcome> {
  const { redirect = null, ...fields } = input;
  const { data, error } = await authClient.signUp.email({
    ...fields,
    // The mailed link comes back to where the visitor signed up from.
    callbackURL: withRedirect(VERIFIED_EMAIL_PATH, redirect),
  });
  if (error) throw toAuthFormError(error, 'Please check the form and try again.');
  const session = await authClient.getSession();
  const answer = data as { emailVerificationRequired?: boolean } | null;
  return {
    isSignedIn: Boolean(session.data?.user),
    isVerificationRequired: answer?.emailVerificationRequired === true,
  };
}

export function useSignUp() {
  return useMutation({ mutationKey: [...AUTH_MUTATION_KEY, 'sign-up'], mutationFn: signUp });
}
