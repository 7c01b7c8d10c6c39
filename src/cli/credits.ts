import { findUserByEmail } from '../server/modules/account/find-user';
import { grantCredits } from '../server/modules/credits/grant-credits';
import { parseCommandLine, UsageError } from './command-line';
import { withDatabase } from './with-database';

const USAGE = 'Usage: rowsmith credits grant <email> <amount>   Add credits to an account';

/** `rowsmith credits grant <email> <amount>`. */
export async function creditsCommand(args: string[]): Promise<number> {
  const line = parseCommandLine(args, USAGE, { options: {} });
  if (!line) return 0;
  const [action, email, amountText] = line.positionals;
  const amount = Number(amountText);
  const wrong = (message: string) => new UsageError(message, USAGE);
  if (action !== 'grant')
    throw wrong(
      action ? `Unknown action "${action}"; credits can grant.` : 'Say what to do: grant.',
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
    return 0;
  });
}
