import { expect } from 'vitest';
import type { TestApp } from './create-test-app';

/** The origin better-auth expects on every POST (APP_URL's default in tests). */
export const TEST_ORIGIN = 'http://localhost:3000';

/** Cookies a browser would keep between requests to one test app. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Takes the Set-Cookie headers of a response (an expired cookie is forgotten). */
  take(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const isExpired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (!value || isExpired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  clear(): void {
    this.cookies.clear();
  }
}

/** A client of one test app: sends JSON with the jar's cookies and our Origin, keeps new cookies. */
export function browserFor(testApp: TestApp, jar = new CookieJar()) {
  const request = async (
    path: string,
    init: {
      method?: string;
      json?: unknown;
      form?: FormData;
      headers?: Record<string, string>;
    } = {},
  ) => {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...init.headers };
    const cookie = jar.header();
    if (cookie) headers.cookie = cookie;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const hasBody = init.json !== undefined || init.form !== undefined;
    const response = await testApp.app.request(path, {
      method: init.method ?? (hasBody ? 'POST' : 'GET'),
      headers,
      body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
    });
    jar.take(response);
    return response;
  };
  return { jar, request };
}

export type Browser = ReturnType<typeof browserFor>;

let counter = 0;

/** Signs a new user up through the API and answers the signed-in browser and the user's email. */
export async function signUp(
  testApp: TestApp,
  fields: { name?: string; email?: string; password?: string } = {},
) {
  counter += 1;
  const email = fields.email ?? `user${counter}-${Date.now()}@example.com`;
  const password = fields.password ?? 'correct horse battery';
  const browser = browserFor(testApp);
  const response = await browser.request('/api/auth/sign-up/email', {
    json: { name: fields.name ?? `User ${counter}`, email, password },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return { ...browser, email, password };
}

/** An extraction of a small pasted table the offline extractor reads completely (status 200). */
export const PASTED_TABLE = {
  text: 'date\tdescription\tamount\n2026-03-01\tCoffee\t3.50\n2026-03-02\tTrain\t12.00\n',
  columns: [
    { name: 'date', type: 'date' },
    { name: 'description', type: 'text' },
    { name: 'amount', type: 'number' },
  ],
};
