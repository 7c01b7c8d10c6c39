/**
 * The anonymous trial count kept in this browser (SPEC.md section 4), for display only: the
 * server counts the trial runs and refuses the fourth (PRODUCT.md section 3). Cleared on sign-up.
 */
const KEY = 'rowsmith.trialRunsUsed';

export function readTrialRunsUsed(): number {
  try {
    const value = Number(localStorage.getItem(KEY));
    return Number.isInteger(value) && value > 0 ? value : 0;
  } catch {
    return 0;
  }
}

export function writeTrialRunsUsed(used: number): void {
  try {
    localStorage.setItem(KEY, String(Math.max(0, Math.floor(used))));
  } catch {
    // Storage can be full or blocked; the server's count is the one that matters.
  }
}

export function clearTrialRunsUsed(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}
