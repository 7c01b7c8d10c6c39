import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { toAuthFormError } from '../auth-form-error';
import { AUTH_MUTATION_KEY } from './auth-mutation-key';

export type SignUpInput = { name: string; email: string; password: string };

/**
 * Creates the account, which signs in at once (SPEC.md section 4). Answers whether a session
 * really exists afterwards, so the page can send the user to /sign-in when it does not.
 */
export async function signUp(input: SignUpInput): Promise<{ isSignedIn: boolean }> {
  const { error } = await authClient.signUp.email(input);
  if (error) throw toAuthFormError(error, 'Please check the form and try again.');
  const session = await authClient.getSession();
  return { isSignedIn: Boolean(session.data?.user) };
}

export function useSignUp() {
  return useMutation({ mutationKey: [...AUTH_MUTATION_KEY, 'sign-up'], mutationFn: signUp });
}
