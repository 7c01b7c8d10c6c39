/**
 * What a failed query means, for the code that can wait and try again: the database could not
 * be reached (PostgreSQL restarting, the network between them down), or SQLite's file was
 * locked by another process for longer than the busy timeout.
 */

/** Errors of the socket under a PostgreSQL connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going away: class 08 (connection exception), and the shutdowns and
 * start-up of class 57P ("terminating connection due to administrator command", "the database
 * system is starting up").
 */
const SERVER_GONE = /^(08...|57P0[1-3])$/;

/** What node-postgres says when a connection ended under it or could not be made in time. */
const CLIENT_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Connection timeout',
];

function codeOf(error: object): string {
  return 'code' in error && typeof error.code === 'string' ? error.code : '';
}

function causesOf(error: unknown): object[] {
  const found: object[] = [];
  for (let current = error; current && typeof current === 'object' && found.length < 8;) {
    found.push(current);
    if (current instanceof AggregateError) found.push(...(current.errors as object[]));
    current = (current as { cause?: unknown }).cause;
  }
  return found;
}

/** True when the error says the database could not be reached, not that the query was wrong. */
export function isDatabaseUnreachable(error: unknown): boolean {
  return causesOf(error).some((cause) => {
    const code = codeOf(cause);
    if (NETWORK_CODES.has(code) || SERVER_GONE.test(code)) return true;
    const message = cause instanceof Error ? cause.message : '';
    return CLIENT_MESSAGES.some((text) => message.includes(text));
  });
}

/** True for SQLITE_BUSY (and its extended codes): another process held the file's lock. */
export function isDatabaseBusy(error: unknown): boolean {
  return causesOf(error).some((cause) => codeOf(cause).startsWith('SQLITE_BUSY'));
}

/**
 * The configured database cannot be reached or used at start (down, wrong address, password or
 * database name): said in one line that names the setting.
 */
export class DatabaseUnreachableError extends Error {
  constructor(description: string, reason: string) {
    super(`DATABASE_URL: cannot connect to ${description} (${reason}).`);
    this.name = 'DatabaseUnreachableError';
  }
}
