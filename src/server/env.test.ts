import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema, parseEnv } from './env';
import { EnvError } from './env-error';

describe('parseEnv', () => {
  it('gives the embedded defaults when nothing is set', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      NODE_ENV: 'development',
      TRUST_PROXY: { kind: 'none' },
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('has every setting documented in .env.example', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const documented = new Set([...example.matchAll(/^([A-Z0-9_]+)=/gm)].map((match) => match[1]));
    const missing = Object.keys(envSchema.in.shape).filter((setting) => !documented.has(setting));
    expect(missing).toEqual([]);
  });

  it('treats blank values as unset, so .env.example can be copied as it is', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '  ' }).PORT).toBe(3000);
  });

  it('names every bad setting and the value it got', () => {
    let error: unknown;
    try {
      parseEnv({ PORT: 'eighty', LOG_LEVEL: 'loud', TRUST_PROXY: 'maybe' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as EnvError).message;
    expect(message).toContain('PORT');
    expect(message).toContain('"eighty"');
    expect(message).toContain('LOG_LEVEL');
    expect(message).toContain(
      'TRUST_PROXY: must be false, true (one proxy), the number of proxies in front, or their addresses',
    );
  });

  it('never repeats a secret-looking value in its message', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://user:hunter2@db/x' })).toThrow(
      /DATABASE_URL: must start with postgres/,
    );
    expect(() => parseEnv({ DATABASE_URL: 'mysql://user:hunter2@db/x' })).not.toThrow(/hunter2/);
  });

  it('refuses to fetch private addresses in production', () => {
    expect(parseEnv({ ALLOW_PRIVATE_URLS: 'true', NODE_ENV: 'test' }).ALLOW_PRIVATE_URLS).toBe(
      true,
    );
    expect(parseEnv({}).ALLOW_PRIVATE_URLS).toBe(false);
    expect(() => parseEnv({ ALLOW_PRIVATE_URLS: 'true', NODE_ENV: 'production' })).toThrow(
      /ALLOW_PRIVATE_URLS: must not be true in production/,
    );
  });

  it('refuses in production an AUTH_SECRET copied from the documentation', () => {
    const example = 'replace-with-64-hex-characters-from-openssl-rand-hex-32';
    const production = { NODE_ENV: 'production' };
    for (const copied of [example, 'e2e-secret-that-is-at-least-32-characters-long']) {
      expect(() => parseEnv({ ...production, AUTH_SECRET: copied })).toThrow(
        /AUTH_SECRET: is an example from the documentation: generate your own/,
      );
      // The message never repeats it.
      expect(() => parseEnv({ ...production, AUTH_SECRET: copied })).not.toThrow(copied);
      // Outside production (tests, a first try) it is accepted.
      expect(parseEnv({ AUTH_SECRET: copied }).AUTH_SECRET).toBe(copied);
    }
    const generated = 'f'.repeat(8) + '0123456789abcdef'.repeat(3) + 'a'.repeat(8);
    expect(parseEnv({ ...production, AUTH_SECRET: generated }).AUTH_SECRET).toBe(generated);
  });

  it('accepts PostgreSQL and SQLite database URLs', () => {
    expect(parseEnv({ DATABASE_URL: 'postgres://u:p@localhost/db' }).DATABASE_URL).toBe(
      'postgres://u:p@localhost/db',
    );
    expect(parseEnv({ DATABASE_URL: 'sqlite:./data/other.sqlite' }).DATABASE_URL).toBe(
      'sqlite:./data/other.sqlite',
    );
  });
});
