/**
 * The batch this tab started and has not yet seen end, so that coming back to the converter
 * (through a link, without `?job=`) shows it again. Kept for the tab only; cleared once the
 * batch view has shown its end, or cannot show it.
 */
const KEY = 'rowsmith.runningJob';

export function readRunningJob(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function rememberRunningJob(id: string): void {
  try {
    sessionStorage.setItem(KEY, id);
  } catch {
    // Storage can be full or blocked; the address still names the job.
  }
}

export function forgetRunningJob(id: string): void {
  try {
    if (sessionStorage.getItem(KEY) === id) sessionStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}
