import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { toAuthFormError } from '../auth-form-error';
import { AUTH_MUTATION_KEY } from './auth-mutation-key';

export type SignInInput = { email: string; password: string };

/** Signs in with email and password; the session store follows on its own. */
export async function signIn(input: SignInInput): Promise<void> {
  const { error } = await authClient.signIn.email(input);
  if (error) throw toAuthFormError(error, 'Check your email and password and try again.');
}

export function useSignIn() {
  return useMutation({ mutationKey: [...AUTH_MUTATION_KEY, 'sign-in'], mutationFn: signIn });
}
