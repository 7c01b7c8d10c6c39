import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `value.signature` tokens, signed with the server secret for one purpose (a token made for one
 * purpose is refused for another). Values must not contain '.'.
 */
export function signValue(secret: string, purpose: string, value: string): string {
  return `${value}.${signature(secret, purpose, value)}`;
}

/** The value of a token this server signed for `purpose`, or null for anything else. */
export function verifySignedValue(secret: string, purpose: string, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const value = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(secret, purpose, value));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

function signature(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}\n${value}`).digest('base64url');
}
