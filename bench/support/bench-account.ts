// A signed-in account on a bench server, calling its API the way the browser does (session
// cookie and our Origin). The server must be started with APP_URL set to its own address.

export type SignedIn = {
  email: string;
  call: (path: string, init?: { method?: string; json?: unknown }) => Promise<Response>;
};

let accounts = 0;

export async function signUpOn(base: string): Promise<SignedIn> {
  accounts += 1;
  let cookie = '';
  const call: SignedIn['call'] = (path, init = {}) => {
    const headers: Record<string, string> = { origin: base, cookie };
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${base}${path}`, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
  };
  const email = `bench-${accounts}-${Date.now()}@example.com`;
  const signUp = await call('/api/auth/sign-up/email', {
    json: {
      name: `Bench ${accounts}`,
      email,
      password: 'correct horse battery',
    },
  });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  cookie = signUp.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  return { email, call };
}
