import type { Context } from 'hono';
import type { Auth } from '../../auth/create-auth';
import { requestUser } from '../../auth/session';
import type { Env } from '../../env';
import type { AppBindings } from '../../http/types';
import { trialSubjectOf } from '../trial/trial-subject';
import type { JobViewer } from './job-access';
import { visitorKeyOf, type Caller } from './job-payer';

/** Who is asking: the signed-in user, or the anonymous visitor behind the trial cookie. */
export async function callerOf(
  c: Context<AppBindings>,
  deps: { auth: Auth; env: Env; secret: string },
): Promise<Caller> {
  const user = await requestUser(c, deps.auth);
  if (user) return { kind: 'user', user };
  return { kind: 'anonymous', subject: trialSubjectOf(c, deps.env, deps.secret) };
}

export function viewerOf(caller: Caller): JobViewer {
  return caller.kind === 'user'
    ? { userId: caller.user.id }
    : { visitorKey: visitorKeyOf(caller.subject) };
}

/** The signed-in caller's id, or null for an anonymous visitor. */
export const userIdOf = (caller: Caller): string | null =>
  caller.kind === 'user' ? caller.user.id : null;
