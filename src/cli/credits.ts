import { findUserByEmail } from '../server/modules/account/find-user';
import { grantCredits } from '../server/modules/credits/grant-credits';
import {
  listCreditRequests,
  type CreditRequestSummary,
} from '../server/modules/credits/list-credit-requests';
import { parseCommandLine, UsageError } from './command-line';
import { formatTable } from './format-table';
import { withDatabase } from './with-database';

const USAGE = `Usage:
  rowsmith credits grant <email> <amount>        Add credits to an account (answers its requests)
  rowsmith credits requests [--all] [--json]     Requests for credits: open ones, or --all`;

/** `rowsmith credits grant <email> <amount>` and `rowsmith credits requests`. */
export async function creditsCommand(args: string[]): Promise<number> {
  const line = parseCommandLine(args, USAGE, {
    options: { all: { type: 'boolean' }, json: { type: 'boolean' } },
  });
  if (!line) return 0;
  const [action, email, amountText] = line.positionals;
  if (action === 'requests') {
    if (email !== undefined) throw new UsageError(`Unexpected argument "${email}".`, USAGE);
    return requestsCommand(line.values.all === true, line.values.json === true);
  }
  const amount = Number(amountText);
  const wrong = (message: string) => new UsageError(message, USAGE);
  if (action !== 'grant')
    throw wrong(
      action
        ? `Unknown action "${action}"; credits can grant or list requests.`
        : 'Say what to do: grant or requests.',
    );
  if (!email || amountText === undefined)
    throw wrong('credits grant needs an email and an amount.');
  if (!Number.isInteger(amount) || amount < 1 || amount > 1e6)
    throw wrong(
      `"${amountText}" is not an amount. The amount is a whole number from 1 to 1000000.`,
    );
  return withDatabase(async ({ env, db }) => {
    const user = await findUserByEmail({ db, email });
    if (!user) {
      console.error(`No account with the email ${email}.`);
      return 1;
    }
    const credits = await grantCredits({
      db,
      userId: user.id,
      amount,
      signupCredits: env.SIGNUP_CREDITS,
    });
    console.log(
      `Granted ${amount} credit${amount === 1 ? '' : 's'} to ${user.email}: ${credits.credits_remaining} of ${credits.credits_total} remaining.`,
    );
    for (const request of credits.answered)
      console.log(
        request.granted < request.credits
          ? `Answered the request for ${request.credits} credits with ${request.granted}: they are told it was a partial grant.`
          : `Answered the request for ${request.credits} credits.`,
      );
    return 0;
  });
}

function requestsCommand(isAll: boolean, asJson: boolean): Promise<number> {
  return withDatabase(async ({ db }) => {
    const requests = await listCreditRequests({ db, status: isAll ? null : 'open' });
    if (asJson) console.log(JSON.stringify(requests, null, 2));
    else console.log(formatRequests(requests, isAll));
    return 0;
  });
}

function formatRequests(requests: CreditRequestSummary[], isAll: boolean): string {
  if (requests.length === 0) return isAll ? 'No requests for credits yet.' : 'No open requests.';
  const rows = requests.map((request) => [
    request.email,
    String(request.credits),
    request.created_at.slice(0, 10),
    request.status === 'granted' &&
    request.granted_credits !== null &&
    request.granted_credits < request.credits
      ? `granted ${request.granted_credits}`
      : request.status,
    // One line per request: a message's line breaks would break the table.
    request.message.replace(/\s+/g, ' '),
  ]);
  return formatTable(['EMAIL', 'CREDITS', 'ASKED', 'STATUS', 'MESSAGE'], rows);
}
