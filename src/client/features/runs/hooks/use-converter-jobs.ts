import { useState } from 'react';
import { useLocation } from 'react-router';
import { isRevealJobState } from '../../../lib/reveal-job';
import type { CreditsShortfall } from '../utils/credits-shortfall';
import { forgetRunningJob, rememberRunningJob } from '../utils/running-job';
import type { BatchStart } from './use-converter-run';
import { useJobParam } from './use-job-param';

/**
 * The jobs the converter shows and starts: the job named by the address (a batch, a run
 * followed after a reload, a job opened from History), a batch or run again being sent, and
 * the job whose read documents "Edit columns and run again" uses, and a start refused for too
 * few credits (shown until the next Run).
 */
export function useConverterJobs() {
  const [jobId, setJobId] = useJobParam();
  const [isStarting, setIsStarting] = useState(false);
  // Only a job started here is scrolled to; one opened by its address is where the page is.
  const [startedJobId, setStartedJobId] = useState<string | null>(null);
  const [rerunJobId, setRerunJobId] = useState<string | null>(null);
  // Opened from History or the dashboard to be looked at: brought into view like a started one.
  const isOpenedToSee = isRevealJobState(useLocation().state);
  const [shortfall, setShortfall] = useState<CreditsShortfall | null>(null);

  /** Another run, or Clear, closes the job shown (it goes on on the server, and stays listed). */
  const closeJob = () => {
    if (jobId) forgetRunningJob(jobId);
    setJobId(null);
  };

  /** Sends a batch or a run again; once accepted, the page follows the new job. */
  const startJob = async (send: () => Promise<BatchStart>): Promise<BatchStart> => {
    setIsStarting(true);
    try {
      const started = await send();
      if (started.kind === 'started') {
        setRerunJobId(null);
        rememberRunningJob(started.jobId);
        setStartedJobId(started.jobId);
        setJobId(started.jobId);
      }
      if (started.kind === 'short') setShortfall(started.shortfall);
      return started;
    } finally {
      setIsStarting(false);
    }
  };

  return {
    jobId,
    /** Follows a job (a run whose stream broke goes on as its job). */
    followJob: setJobId,
    closeJob,
    startJob,
    isStarting,
    startedJobId,
    /** Whether the job shown is brought into view: started here, or opened from a list to see. */
    isJobAnnounced: jobId !== null && (jobId === startedJobId || isOpenedToSee),
    rerunJobId,
    setRerunJobId,
    shortfall,
    clearShortfall: () => setShortfall(null),
  };
}
