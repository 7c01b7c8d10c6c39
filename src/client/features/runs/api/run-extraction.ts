import type { ExtractionProgress, ExtractionResponse } from '../../../../shared/extraction';
import {
  ApiError,
  apiErrorFromBody,
  apiErrorFromResponse,
  networkError,
} from '../../../lib/api-client';
import { contentForm, type ExtractionInput } from '../../../lib/extraction-input';
import { readSse } from './read-sse';

/**
 * Always a multipart form: pasted text may be far larger than the server takes as JSON
 * (BODY_LIMIT_KB, docs/decisions/032-json-bodies-capped-everywhere.md).
 */
function requestBody(input: ExtractionInput): FormData {
  const { content, columns, fields = [], rules = [], description } = input;
  const form = contentForm(content);
  form.set('columns', JSON.stringify(columns));
  if (fields.length > 0) form.set('fields', JSON.stringify(fields));
  if (rules.length > 0) form.set('rules', JSON.stringify(rules));
  if (description) form.set('description', description);
  return form;
}

/** The stream's `error` event: our error body, sent after the response had started. */
function errorEvent(data: string): ApiError {
  return apiErrorFromBody(JSON.parse(data), 0) ?? networkError();
}

/**
 * POST /api/extractions as a stream: calls `onJob` with the run's job first, then `onProgress`
 * for each stage, page and chunk, and resolves to the result. Aborting `signal` only closes the
 * stream: the run goes on on the server until its job is cancelled (DELETE /api/jobs/{id}).
 * Refusals (no credits, trial over) throw an ApiError.
 */
export async function runExtraction(
  input: ExtractionInput,
  options: {
    signal: AbortSignal;
    onJob: (jobId: string) => void;
    onProgress: (event: ExtractionProgress) => void;
  },
): Promise<ExtractionResponse> {
  let response: Response;
  try {
    response = await fetch('/api/extractions', {
      method: 'POST',
      body: requestBody(input),
      headers: { Accept: 'text/event-stream' },
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (options.signal.aborted) throw error;
    throw networkError();
  }
  if (!response.ok) throw await apiErrorFromResponse(response);
  if (!response.body || !response.headers.get('content-type')?.includes('text/event-stream'))
    return (await response.json()) as ExtractionResponse;

  try {
    for await (const event of readSse(response.body)) {
      if (event.event === 'job')
        options.onJob((JSON.parse(event.data) as { job_id: string }).job_id);
      else if (event.event === 'progress')
        options.onProgress(JSON.parse(event.data) as ExtractionProgress);
      else if (event.event === 'result') return JSON.parse(event.data) as ExtractionResponse;
      else if (event.event === 'error') throw errorEvent(event.data);
    }
  } catch (error) {
    if (error instanceof ApiError || options.signal.aborted) throw error;
    throw networkError();
  }
  throw networkError();
}
