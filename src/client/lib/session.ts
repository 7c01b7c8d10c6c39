import { useSyncExternalStore } from 'react';

/** `createdAt`: when the account was made (ISO), null where the session did not say. */
export type SessionUser = { id: string; email: string; name: string; createdAt: string | null };

/** The user as better-auth sends it: its client parses dates, GET /get-session leaves text. */
type SessionUserValue = Omit<SessionUser, 'createdAt'> & { createdAt?: string | Date | null };

/** SPEC.md section 4: loading while the session is fetched, then signed in or signed out. */
export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'signed-in'; user: SessionUser }
  | { status: 'signed-out'; user: null };

/** What better-auth's session store (and GET /api/auth/get-session) holds. */
export type SessionValue = {
  data: { user?: SessionUserValue } | null | undefined;
  error: unknown;
  isPending: boolean;
};

type SessionAtom = { subscribe: (listener: (value: SessionValue) => void) => () => void };

const SESSION_URL = '/api/auth/get-session';
/** better-auth tells other tabs of a sign-in or sign-out through this localStorage key. */
const CROSS_TAB_KEY = 'better-auth.message';
/** As better-auth: a tab coming back refetches, but not more often than this. */
const FOCUS_REFETCH_GAP_MS = 5000;

let state: AuthState = { status: 'loading', user: null };
const listeners = new Set<() => void>();
let hasStarted = false;
let isFollowingClient = false;
let latestRequest = 0;
let lastFetchAt = 0;

function publish(next: AuthState) {
  const same =
    next.status === state.status &&
    next.user?.id === state.user?.id &&
    next.user?.email === state.user?.email &&
    next.user?.name === state.user?.name &&
    next.user?.createdAt === state.user?.createdAt;
  if (same) return;
  state = next;
  for (const listener of listeners) listener();
}

/** A failed fetch counts as signed out (SPEC.md section 4). */
function stateOf({ data, error }: Pick<SessionValue, 'data' | 'error'>): AuthState {
  const user = error ? null : data?.user;
  if (!user) return { status: 'signed-out', user: null };
  const created = user.createdAt ? new Date(user.createdAt) : null;
  return {
    status: 'signed-in',
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      createdAt: created && !Number.isNaN(created.getTime()) ? created.toISOString() : null,
    },
  };
}

async function fetchSession() {
  if (isFollowingClient) return;
  const request = ++latestRequest;
  lastFetchAt = Date.now();
  let next: AuthState;
  try {
    const response = await fetch(SESSION_URL, { headers: { Accept: 'application/json' } });
    const data = response.ok ? ((await response.json()) as SessionValue['data']) : null;
    next = stateOf({ data, error: response.ok ? null : response.status });
  } catch (error) {
    next = stateOf({ data: null, error });
  }
  // Once better-auth's client is here it alone decides; an older answer never wins.
  if (!isFollowingClient && request === latestRequest) publish(next);
}

function start() {
  if (hasStarted) return;
  hasStarted = true;
  void fetchSession();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - lastFetchAt > FOCUS_REFETCH_GAP_MS)
      void fetchSession();
  });
  window.addEventListener('online', () => void fetchSession());
  window.addEventListener('storage', (event) => {
    if (event.key === CROSS_TAB_KEY) void fetchSession();
  });
}

/**
 * The session every page follows, without loading better-auth's client: the first page fetches
 * it with one request and refetches when the tab comes back, comes online, or another tab signs
 * in or out. Once something loads the client (a form, sign-out), its session store takes over
 * (lib/auth-client.ts calls followSessionStore), so sign-in and sign-out show at once.
 */
export function followSessionStore(atom: SessionAtom) {
  isFollowingClient = true;
  latestRequest += 1;
  atom.subscribe((value) => {
    // Still fetching for the first time: keep what is known.
    if (value.isPending && !value.data) return;
    publish(stateOf(value));
  });
}

function subscribe(listener: () => void) {
  start();
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The session as the pages see it. */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, () => state);
}

/**
 * Resolves once the session is `wanted`, or after `timeoutMs`. better-auth refreshes its store a
 * moment after sign-in and sign-out calls return; a page that navigates before then would still
 * see the old state (a just signed-out user on /sign-in would be sent back to /dashboard).
 */
export function waitForSessionState(
  wanted: 'signed-in' | 'signed-out',
  timeoutMs = 5000,
): Promise<void> {
  if (state.status === wanted) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (state.status === wanted) finish();
    };
    const timer = setTimeout(finish, timeoutMs);
    listeners.add(check);
    function finish() {
      clearTimeout(timer);
      listeners.delete(check);
      resolve();
    }
  });
}
