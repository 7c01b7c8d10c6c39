import { AppError, type ErrorCode } from '../../../shared/errors';
import type { AddressPolicy } from '../../extraction/ingest/address-check';
import { checkForwardedUrl } from '../../extraction/ingest/fetch-url';
import type { Caller } from '../jobs/job-payer';

const URL_CODES: ErrorCode[] = [
  'URL_INVALID',
  'URL_NOT_ALLOWED',
  'URL_FETCH_FAILED',
  'URL_HOST_NOT_FOUND',
];

/**
 * A job's webhook address, checked when the job is accepted: only for a signed-in caller, and
 * only to an address every other fetch may reach (each delivery checks it again).
 */
export async function checkWebhookUrl(
  url: string | undefined,
  caller: Caller,
  isAllowedAddress: AddressPolicy,
): Promise<string | undefined> {
  if (url === undefined) return undefined;
  if (caller.kind !== 'user') throw new AppError('WEBHOOK_NEEDS_ACCOUNT');
  try {
    return (await checkForwardedUrl(url, isAllowedAddress)).toString();
  } catch (error) {
    // The address checks speak of reading a page; keep their reason, in a webhook's words.
    if (error instanceof AppError && URL_CODES.includes(error.code)) {
      const reason = error.message.slice(error.message.indexOf(': ') + 2);
      throw new AppError('WEBHOOK_URL_REFUSED', { params: { message: reason } });
    }
    throw error;
  }
}
