import { parseArgs } from 'node:util';
import { findUserByEmail } from '../server/modules/account/find-user';
import { grantCredits } from '../server/modules/credits/grant-credits';
import { withDatabase } from './with-database';

const USAGE = 'Usage: rowsmith credits grant <email> <amount>   Add credits to an account';

/** `rowsmith credits grant <email> <amount>`. */
export async function creditsCommand(args: string[]): Promise<number> {
  const { positionals } = parseArgs({ args, allowPositionals: true });
  const [action, email, amountText] = positionals;
  const amount = Number(amountText);
  if (action !== 'grant' || !email || !Number.isInteger(amount) || amount < 1 || amount > 1e6) {
    console.error(`${USAGE}\n\nThe amount is a whole number from 1 to 1000000.`);
    return 1;
  }
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
