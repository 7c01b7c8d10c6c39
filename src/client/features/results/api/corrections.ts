import type { Correction, CorrectionInput, CorrectionsResponse } from '../../../../shared/review';
import { api, apiRequest } from '../../../lib/api-client';

/**
 * POST /api/jobs/{id}/corrections with one cell's (or one document field's) value: the server
 * coerces it to the column's type, stores it and checks the document's rules again (the extracted value itself accepts the cell). Answers the stored correction,
 * whose value is the coerced one; a refusal (a value the column's type cannot take, a row or
 * column the result does not have, an expired result) throws an ApiError with the server's
 * message.
 */
export async function saveCorrection(jobId: string, input: CorrectionInput): Promise<Correction> {
  const response = await apiRequest(
    api.jobs[':id'].corrections.$post({ param: { id: jobId }, json: { corrections: [input] } }),
  );
  return storedCorrection(response, input);
}

/** The cell's (or the field's) correction among the job's corrections as they now stand. */
function storedCorrection(response: CorrectionsResponse, input: CorrectionInput): Correction {
  const stored = response.corrections.findLast(
    (correction) =>
      correction.document_id === input.document_id &&
      (input.field === undefined
        ? correction.row === input.row && correction.column === input.column
        : correction.field === input.field),
  );
  if (!stored) throw new Error('The server did not keep the correction. Try again.');
  return stored;
}

/** DELETE /api/jobs/{id}/corrections/{correctionId}: undoes a correction (the extracted value again). */
export async function deleteCorrection(
  jobId: string,
  correctionId: string,
): Promise<CorrectionsResponse> {
  return apiRequest(
    api.jobs[':id'].corrections[':correctionId'].$delete({
      param: { id: jobId, correctionId },
    }),
  );
}
