/**
 * No secrets in the server log (src/server/log.ts). A failed query once logged its parameters (an email, an
 * argon2 hash and a customer token from one bad registration). The log keeps the SQL and the
 * database's reason, never the values.
 */
import type { APIContext } from 'astro';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword, registerUser } from '../../src/server/accounts';
import type { Database } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { describeError } from '../../src/server/log';
import { embedded } from './databases';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);

const { POST: postRegister } = await import('../../src/pages/api/v1/register');

const EMAIL = 'ada.secret@example.co.uk';
const PASSWORD = 'Sunshine1';

/** What a thrown promise threw. */
async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe.each(embedded)('the log keeps no email, hash, token or query parameter on $name', (engine) => {
  let database: Database;

  beforeAll(async () => {
    database = await engine.open();
    shared.database = database;
  });
  afterAll(async () => {
    await database?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('describes a failed insert by its SQL and the database reason, without the email, hash or token it carried', async () => {
    await registerUser(
      database.db,
      { firstName: 'Ada', lastName: 'L', email: EMAIL, password: PASSWORD },
      'http://localhost:4321',
    );
    const passwordHash = await hashPassword(PASSWORD);
    const customerToken = 'Zq9xW2vB7nK4mP1sT8yR3uE6hJ0aL5cD';
    // A second account with the same email: the unique index refuses it.
    const error = await thrown(
      database.db.insert(users).values({ email: EMAIL, firstName: 'Ada', passwordHash, customerToken }),
    );
    expect(String((error as Error).message)).toContain(EMAIL); // what used to reach the log

    const line = describeError(error);
    expect(line).toContain('insert into "users"');
    expect(line).toMatch(/duplicate key|unique/i);
    expect(line).not.toContain(EMAIL);
    expect(line).not.toContain(passwordHash);
    expect(line).not.toContain('$argon2');
    expect(line).not.toContain(customerToken);
    expect(line).not.toContain('params');
  });

  it('a registration the database refuses answers 503 and logs no email, hash or token', async () => {
    // The database refuses every new account, as a full disk or a broken constraint would.
    await database.db.execute(sql`
      create or replace function refuse_new_users() returns trigger language plpgsql as $$
      begin raise exception 'users are refused today'; end $$`);
    await database.db.execute(
      sql`create trigger refuse_new_users before insert on users for each row execute function refuse_new_users()`,
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const url = 'http://localhost/api/v1/register';
      const request = new Request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          firstName: 'Grace',
          lastName: 'Hopper',
          email: 'grace.secret@example.co.uk',
          password: PASSWORD,
        }),
      });
      const response = await postRegister({ request, url: new URL(url), params: {} } as unknown as APIContext);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ status: 503, message: expect.any(String) });

      // Log lines are JSON (decision 025): read them with their quotes unescaped.
      const log = logged.mock.calls.flat().map(String).join('\n').replaceAll('\\"', '"');
      expect(log).not.toContain('grace.secret@example.co.uk');
      expect(log).not.toContain('$argon2');
      expect(log).not.toContain('params');
      // No customer token (32 base64url characters) or other long token either.
      expect(log).not.toMatch(/[A-Za-z0-9_-]{32}/);
      // What is left still says what failed.
      expect(log).toContain('insert into "users"');
      expect(log).toContain('users are refused today');
    } finally {
      await database.db.execute(sql`drop trigger refuse_new_users on users`);
    }
  });
});
