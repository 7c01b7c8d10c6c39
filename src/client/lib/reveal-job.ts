/**
 * The router state of a link that opens a job to be looked at (History's and the dashboard's
 * Open): the converter brings the job's result into view and puts the focus on its heading, as
 * it does for a run started on the page. A job named by a typed or shared address is shown where
 * the page is.
 */
export const REVEAL_JOB_STATE = { revealJob: true } as const;

export function isRevealJobState(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { revealJob?: unknown }).revealJob === true
  );
}
