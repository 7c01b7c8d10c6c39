import { createAuthClient } from 'better-auth/react';
import { followSessionStore, type SessionValue } from './session';

/**
 * The browser side of better-auth (src/server/auth): sign-up, sign-in, sign-out and password
 * reset. It loads with the pages and actions that need it; from then on the session the pages
 * follow (lib/session.ts) is its session store. The session cookie is HttpOnly; nothing secret
 * is kept in the browser.
 */
export const authClient = createAuthClient({ basePath: '/api/auth' });

const sessionAtom = authClient.$store.atoms.session;
if (sessionAtom)
  followSessionStore({
    subscribe: (listener) => sessionAtom.subscribe((value) => listener(value as SessionValue)),
  });
