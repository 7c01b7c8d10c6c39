import { AppError } from '../../../shared/errors';
import type { AddressPolicy } from '../../extraction/ingest/address-check';
import { checkKeptUrl } from '../../extraction/ingest/check-kept-url';
import type { Caller } from '../jobs/job-payer';

/**
 * A job's webhook address, checked when the job is accepted: only for a signed-in caller, and
 * only to an address every other fetch may reach (WEBHOOK_URL_REFUSED says why not).
 */
export async function checkWebhookUrl(
  url: string | undefined,
  caller: Caller,
  isAllowedAddress: AddressPolicy,
): Promise<string | undefined> {
  if (url === undefined) return undefined;
  if (caller.kind !== 'user') throw new AppError('WEBHOOK_NEEDS_ACCOUNT');
  return checkKeptUrl(url, isAllowedAddress, 'WEBHOOK_URL_REFUSED');
}
