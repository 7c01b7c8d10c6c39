import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { TrialStatus, TrialUsedUpBy } from '../../../../shared/account';
import { PLAN } from '../../../../shared/site';
import { useAuth } from '../../../lib/session';
import { queryKeys } from '../../../lib/query-keys';
import { readTrialRunsUsed, writeTrialRunsUsed } from '../../../lib/trial-storage';
import { fetchTrialStatus, useTrialStatus } from '../api/trial-status';

/**
 * The free runs left, and when none are, whose ran out: the visitor's own, or the network's
 * (others at the same address used the day's runs). Unknown until the server says.
 */
export type TrialView = TrialStatus & { used_up_by?: TrialUsedUpBy | null };

function remember(status: TrialStatus) {
  writeTrialRunsUsed(status.limit - status.remaining);
}

/**
 * The anonymous visitor's free runs: the server's count (GET /api/trial, then each run's
 * `allowance`), with this browser's display count kept in step. Signed-in users have none.
 */
export function useTrialAllowance() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const isAnonymous = auth.status === 'signed-out';
  const query = useTrialStatus({ enabled: isAnonymous });
  // Until the server answers, the banner shows this browser's own count.
  const [local] = useState<TrialView>(() => ({
    remaining: Math.max(0, PLAN.anonymousFreeExtractions - readTrialRunsUsed()),
    limit: PLAN.anonymousFreeExtractions,
  }));

  useEffect(() => {
    if (query.data) remember(query.data);
  }, [query.data]);

  const record = useCallback(
    (status: TrialView) => {
      queryClient.setQueryData(queryKeys.trial, status);
      remember(status);
      // None left: the server says whose ran out (this visitor's, or the network's).
      if (status.remaining === 0 && status.used_up_by === undefined)
        void queryClient.invalidateQueries({ queryKey: queryKeys.trial });
    },
    [queryClient],
  );

  /**
   * Whether a run may be sent. When this browser or the last answer says the trial is used up,
   * the server is asked again: it alone decides (another tab may have signed up, a day may
   * have passed), and a refusal from it still opens the modal.
   */
  const hasRunsLeft = useCallback(async (): Promise<boolean> => {
    if (!isAnonymous) return true;
    const cached = queryClient.getQueryData<TrialView>(queryKeys.trial);
    const limit = cached?.limit ?? PLAN.anonymousFreeExtractions;
    if (readTrialRunsUsed() < limit && cached?.remaining !== 0) return true;
    try {
      const fresh = await queryClient.fetchQuery({
        queryKey: queryKeys.trial,
        queryFn: fetchTrialStatus,
        staleTime: 0,
      });
      remember(fresh);
      return fresh.remaining > 0;
    } catch {
      return true;
    }
  }, [isAnonymous, queryClient]);

  return {
    isAnonymous,
    status: isAnonymous ? (query.data ?? local) : null,
    record,
    hasRunsLeft,
  };
}
