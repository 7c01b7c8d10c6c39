import { AppError, type ErrorCode } from '../../../shared/errors';
import type { AddressPolicy } from './address-check';
import { checkForwardedUrl } from './fetch-url';

/** The address checks' refusals, which speak of reading a page: "Failed to extract content…". */
const URL_CODES: ErrorCode[] = [
  'URL_INVALID',
  'URL_NOT_ALLOWED',
  'URL_FETCH_FAILED',
  'URL_HOST_NOT_FOUND',
];

/**
 * An address kept to be fetched later (a webhook, a scheduled page), checked now as every fetch
 * checks it (each later fetch checks it again). A refusal is said as `refusedAs`, in the words of
 * what the address is for, with the check's reason kept: nothing is being read yet.
 */
export async function checkKeptUrl(
  url: string,
  isAllowedAddress: AddressPolicy,
  refusedAs: 'WEBHOOK_URL_REFUSED' | 'SCHEDULE_URL_REFUSED',
): Promise<string> {
  try {
    return (await checkForwardedUrl(url, isAllowedAddress)).toString();
  } catch (error) {
    if (!(error instanceof AppError) || !URL_CODES.includes(error.code)) throw error;
    const reason = error.message.slice(error.message.indexOf(': ') + 2);
    throw new AppError(refusedAs, { params: { message: reason }, cause: error });
  }
}
