import type { FileStorage } from '../../storage/file-storage';

/** Removes every stored file of a user (account deletion); answers how many there were. */
export async function removeStoredResults(options: {
  storage: FileStorage;
  userId: string;
}): Promise<number> {
  const keys = await options.storage.list(`${options.userId}/`);
  await options.storage.remove(keys);
  return keys.length;
}
