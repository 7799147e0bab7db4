/** The Postgres client's reading of its driver's failures: what is the database not answering, and what is not. */
import {describe, expect, it} from 'vitest';
import {isDatabaseError, isUnavailable} from './database';
import {driverFailure} from './postgres';

describe('driverFailure', () => {
  it('reads a socket failure that carries a message alone, as Workers’ sockets throw it, as the database not answering', () => {
    for (const message of ['Network connection lost.', 'proxy request failed, cannot connect to the specified address']) {
      const read = driverFailure(new Error(message));
      expect(isUnavailable(read)).toBe(true);
      expect((read as Error).cause).toBeInstanceOf(Error);
    }
  });

  it('leaves a statement the server refused, and a network failure Node names, as they are', () => {
    const refused = Object.assign(new Error('duplicate key value violates unique constraint'), {name: 'PostgresError', code: '23505'});
    expect(driverFailure(refused)).toBe(refused);
    expect(isDatabaseError(driverFailure(refused))).toBe(true);
    expect(isUnavailable(driverFailure(refused))).toBe(false);
    const refusedConnection = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {code: 'ECONNREFUSED'});
    expect(driverFailure(refusedConnection)).toBe(refusedConnection);
    expect(isUnavailable(refusedConnection)).toBe(true);
  });
});
