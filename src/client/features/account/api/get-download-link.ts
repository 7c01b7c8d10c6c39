import { api, apiRequest } from '../../../lib/api-client';

/** GET /api/account/usage/:id/download: a signed link to a stored result, valid for an hour. */
export function getDownloadLink(usageId: string) {
  return apiRequest(api.account.usage[':id'].download.$get({ param: { id: usageId } }));
}
