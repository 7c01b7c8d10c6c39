import { api, apiRequest } from '../../../lib/api-client';
import { contentForm, type ExtractionInput } from '../../../lib/extraction-input';

/** POST /api/columns/suggest with the converter's content: `{ columns, engine }`. */
export function suggestColumns(content: ExtractionInput['content']) {
  // The route reads its own body (a multipart form, as runExtraction sends), so it goes as it is.
  return apiRequest(api.columns.suggest.$post(undefined, { init: { body: contentForm(content) } }));
}
