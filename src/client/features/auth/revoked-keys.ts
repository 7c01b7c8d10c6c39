/** "1 API key was revoked.", "3 API keys were revoked.", or nothing. */
export function revokedKeysSentence(count: number): string {
  if (count <= 0) return '';
  return count === 1 ? '1 API key was revoked.' : `${count} API keys were revoked.`;
}
