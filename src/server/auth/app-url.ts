import type { Env } from '../env';

/** The address people reach the app at, without a trailing slash. */
export function appUrl(env: Pick<Env, 'APP_URL' | 'PORT'>): string {
  return (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}
