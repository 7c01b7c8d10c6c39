import { api, apiRequest } from '../../../lib/api-client';
import type { ExtractionInput } from './run-extraction';

type SuggestContent = ExtractionInput['content'];

function requestInit(content: SuggestContent): RequestInit {
  if (content.kind === 'file') {
    const form = new FormData();
    form.set('file', content.file, content.file.name);
    return { body: form };
  }
  const fields = content.kind === 'text' ? { text: content.text } : { url: content.url };
  return { body: JSON.stringify(fields), headers: { 'Content-Type': 'application/json' } };
}

/** POST /api/columns/suggest with the converter's content: `{ columns, engine }`. */
export function suggestColumns(content: SuggestContent) {
  // The route reads its own body (JSON or multipart), so the body is passed as it is.
  return apiRequest(api.columns.suggest.$post(undefined, { init: requestInit(content) }));
}
