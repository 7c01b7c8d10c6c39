import { useMutation } from '@tanstack/react-query';
import { apiErrorFromResponse, networkError } from '../../../lib/api-client';

/** Where the mailed link leads once opened: it signs in, then goes on to the dashboard. */
export const VERIFIED_EMAIL_PATH = '/auth/callback';

/**
 * Mails the link that confirms the address again (the server limits how often). A plain request,
 * so the banner of every signed-in page does not load the auth client for it.
 */
export async function sendVerificationEmail(input: { email: string }): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/auth/send-verification-email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: input.email, callbackURL: VERIFIED_EMAIL_PATH }),
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw await apiErrorFromResponse(response);
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
