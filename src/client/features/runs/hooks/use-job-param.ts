import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { readRunningJob } from '../utils/running-job';

/**
 * The job the page shows: `?job=<id>`, so that a reload or a link opens it again. Coming back
 * without one while this tab's run or batch has not been seen to end shows that job.
 */
export function useJobParam() {
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  const hasJob = jobId !== null;
  const setJobId = useCallback(
    (id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set('job', id);
          else next.delete('job');
          return next;
        },
        // Naming or closing the job shown is not a new page: the page stays where it is (a
        // started run or batch brings its own result into view).
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  useEffect(() => {
    const running = hasJob ? null : readRunningJob();
    if (running) setJobId(running);
    // Only when the page is opened: a job closed on purpose (Clear, another run) stays closed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return [jobId, setJobId] as const;
}
