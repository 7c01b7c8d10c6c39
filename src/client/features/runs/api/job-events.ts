import type { Job, JobEvent } from '../../../../shared/jobs';
import { api, apiErrorFromResponse, apiRequest, networkError } from '../../../lib/api-client';
import { readSse } from './read-sse';

/** GET /api/jobs/{id}: the job and its documents (another person's job is a 404). */
export function fetchJob(id: string): Promise<Job> {
  return apiRequest(api.jobs[':id'].$get({ param: { id } }));
}

/**
 * GET /api/jobs/{id}/events from after event `after` (Last-Event-ID), calling `onEvent` with each
 * event and its id. Resolves true once the job's `end` event came, false when the stream closed
 * before it (a dropped connection: call again with the last id). A refused request throws an
 * ApiError; a network failure throws the network error.
 */
export async function readJobEvents(
  id: string,
  options: {
    after: number;
    signal: AbortSignal;
    onEvent: (eventId: number, event: JobEvent) => void;
  },
): Promise<boolean> {
  let response: Response;
  try {
    response = await fetch(`/api/jobs/${encodeURIComponent(id)}/events`, {
      headers: { Accept: 'text/event-stream', 'Last-Event-ID': String(options.after) },
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (options.signal.aborted) throw error;
    throw networkError();
  }
  if (!response.ok) throw await apiErrorFromResponse(response);
  if (!response.body) throw networkError();
  try {
    for await (const sse of readSse(response.body)) {
      const event = JSON.parse(sse.data) as JobEvent;
      options.onEvent(Number(sse.id ?? options.after), event);
      if (event.type === 'end') return true;
    }
  } catch (error) {
    if (options.signal.aborted) throw error;
    throw networkError();
  }
  return false;
}

/** DELETE /api/jobs/{id}: the documents not yet done are not run, and their credits come back. */
export function cancelJob(id: string) {
  return apiRequest(api.jobs[':id'].$delete({ param: { id } }));
}

/** DELETE /api/jobs/{id}/documents/{documentId}: one document that has not started. */
export function cancelJobDocument(id: string, documentId: string) {
  return apiRequest(
    api.jobs[':id'].documents[':documentId'].$delete({ param: { id, documentId } }),
  );
}
