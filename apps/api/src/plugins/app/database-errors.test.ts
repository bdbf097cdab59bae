import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-errors.ts';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailable', () => {
  it('recognises a lost or refused connection, a server shutting down and timeouts, also wrapped as a cause', () => {
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(
      isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01')),
    ).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('canceling statement due to statement timeout', '57014'))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Query read timeout'))).toBe(true);
    const wrapped = new Error('Failed query: insert into "favourites" ...', {
      cause: withCode('read ECONNRESET', 'ECONNRESET'),
    });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('leaves real bugs and bad data alone (they stay 500 or their own status)', () => {
    expect(isDatabaseUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(withCode('relation "nope" does not exist', '42P01'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      false,
    );
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
