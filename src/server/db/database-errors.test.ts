import { describe, expect, it } from 'vitest';
import { isDatabaseBusy, isDatabaseUnreachable } from './database-errors';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('what a failed query means', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    [
      'a refused connection to every address of a name',
      Object.assign(
        new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]),
        {
          code: 'ECONNREFUSED',
        },
      ),
    ],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a connection ended under a query', new Error('Connection terminated unexpectedly')],
    ['a connect that took too long', new Error('timeout exceeded when trying to connect')],
    [
      'a server shutting down',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['a server starting up', withCode('the database system is starting up', '57P03')],
    ['a connection failure', withCode('connection failure', '08006')],
    [
      'a cause further down',
      new Error('Database migration failed', { cause: withCode('read ECONNRESET', 'ECONNRESET') }),
    ],
  ])('%s is the database being unreachable', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it.each([
    ['a syntax error', withCode('syntax error at or near "selec"', '42601')],
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a wrong password', withCode('password authentication failed for user "x"', '28P01')],
    ['no error object at all', 'connection refused'],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });

  it('knows a SQLite file locked by another process', () => {
    expect(isDatabaseBusy(withCode('database is locked', 'SQLITE_BUSY'))).toBe(true);
    expect(isDatabaseBusy(withCode('database is locked', 'SQLITE_BUSY_SNAPSHOT'))).toBe(true);
    expect(isDatabaseBusy(withCode('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE'))).toBe(
      false,
    );
  });
});
