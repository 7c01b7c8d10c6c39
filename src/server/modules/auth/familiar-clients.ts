import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Kysely } from 'kysely';
import { signValue, verifySignedValue } from '../../auth/signed-value';
import type { Database } from '../../db/schema';
import { isEventRemembered, rememberEvent } from '../../rate-limit/remembered-events';

/** How long a device or address that signed in to an account stays familiar to it. */
export const FAMILIAR_DAYS = 90;
const FAMILIAR_SECONDS = FAMILIAR_DAYS * 24 * 3600;
const COOKIE = 'rowsmith_device';
const PURPOSE = 'sign-in-device';
const ADDRESS_BUCKET = 'auth-familiar-address';

/** A short, one-way tag of the account, so the cookie does not carry the email. */
function accountTag(email: string): string {
  return createHash('sha256').update(`account\n${email}`).digest('base64url').slice(0, 22);
}

export type FamiliarityOptions = {
  c: Context;
  db: Kysely<Database>;
  secret: string;
  /** The normalised email the sign-in is for. */
  email: string;
  /** The client's address bucket (http/client-address.ts). */
  address: string;
};

/** The id of this browser from the account's signed device cookie, while it is good. */
function deviceOf({ c, secret, email }: Pick<FamiliarityOptions, 'c' | 'secret' | 'email'>) {
  const cookie = getCookie(c, COOKIE);
  const value = cookie ? verifySignedValue(secret, PURPOSE, cookie) : null;
  const [device, tag, expires] = value?.split(':') ?? [];
  const isGood = device && tag === accountTag(email) && Number(expires) * 1000 > Date.now();
  return isGood ? device : null;
}

/**
 * Whether this client has signed in to this account before, and as what: a browser holding the
 * account's signed device cookie, else an address it signed in from within FAMILIAR_DAYS. Null
 * for a stranger. docs/decisions/019-sign-in-throttling-and-proxies.md.
 */
export async function familiarClientOf(options: FamiliarityOptions): Promise<string | null> {
  const { db, email, address } = options;
  const device = deviceOf(options);
  if (device) return `device:${device}`;
  const subject = `${email}\n${address}`;
  if (await isEventRemembered({ db, bucket: ADDRESS_BUCKET, subject })) return `address:${address}`;
  return null;
}

/**
 * After a sign-in that proved the password (or a reset that proved the mailbox): this browser
 * gets the account's device cookie and this address is remembered, for FAMILIAR_DAYS.
 */
export async function rememberFamiliarClient(
  options: FamiliarityOptions & { isSecure: boolean },
): Promise<void> {
  const { c, db, secret, email, address } = options;
  const expires = Math.floor(Date.now() / 1000) + FAMILIAR_SECONDS;
  const device = deviceOf(options) ?? randomBytes(12).toString('base64url');
  const value = `${device}:${accountTag(email)}:${expires}`;
  setCookie(c, COOKIE, signValue(secret, PURPOSE, value), {
    httpOnly: true,
    sameSite: 'Lax',
    secure: options.isSecure,
    path: '/api/auth',
    maxAge: FAMILIAR_SECONDS,
  });
  await rememberEvent({
    db,
    bucket: ADDRESS_BUCKET,
    subject: `${email}\n${address}`,
    seconds: FAMILIAR_SECONDS,
  });
}
