import { deleteAccount } from '../server/modules/account/delete-account';
import { findUserByEmail, listUsers, type UserSummary } from '../server/modules/account/find-user';
import { createLogger } from '../server/logger';
import { createFileStorage } from '../server/storage/index';
import { parseCommandLine, UsageError } from './command-line';
import { formatTable } from './format-table';
import { withDatabase } from './with-database';

const USAGE = `Usage:
  rowsmith users list [--json]       Every account with its credits and runs
  rowsmith users delete <email>      Delete an account and everything kept about it`;

/** `rowsmith users list | delete <email>`: operator commands on the configured database. */
export async function usersCommand(args: string[]): Promise<number> {
  const line = parseCommandLine(args, USAGE, { options: { json: { type: 'boolean' } } });
  if (!line) return 0;
  const [action, email] = line.positionals;
  const wrong = (message: string) => new UsageError(message, USAGE);
  if (!action) throw wrong('Say what to do: list or delete.');
  if (action === 'list') return listCommand(line.values.json === true);
  if (action !== 'delete') throw wrong(`Unknown action "${action}"; users can list or delete.`);
  if (!email) throw wrong('users delete needs the email of the account.');
  return deleteCommand(email);
}

function listCommand(asJson: boolean): Promise<number> {
  return withDatabase(async ({ db }) => {
    const users = await listUsers({ db });
    if (asJson) console.log(JSON.stringify(users, null, 2));
    else console.log(formatUsers(users));
    return 0;
  });
}

function deleteCommand(email: string): Promise<number> {
  return withDatabase(async ({ env, db }) => {
    const user = await findUserByEmail({ db, email });
    if (!user) {
      console.error(`No account with the email ${email}.`);
      return 1;
    }
    const logger = createLogger('silent');
    const { files } = await deleteAccount({
      db,
      storage: createFileStorage(env),
      logger,
      userId: user.id,
    });
    console.log(`Deleted ${user.email}, with ${files} stored file${files === 1 ? '' : 's'}.`);
    return 0;
  });
}

function formatUsers(users: UserSummary[]): string {
  if (users.length === 0) return 'No accounts yet.';
  const rows = users.map((user) => [
    user.email,
    user.name,
    user.created_at.slice(0, 10),
    user.credits_remaining === null ? '-' : `${user.credits_remaining}/${user.credits_total}`,
    String(user.runs),
  ]);
  return formatTable(['EMAIL', 'NAME', 'CREATED', 'CREDITS', 'RUNS'], rows);
}
