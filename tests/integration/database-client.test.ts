/** Opening the database: a clear, credential-free message when a server cannot be reached. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DatabaseUnreachable, describeUrl, openDatabase } from '../../src/server/db/client';

const UNREACHABLE = 'postgres://shopkeeper:s3cret-pass@127.0.0.1:1/tuppence';

describe('database client', () => {
  it('describes a URL by host, port and database, never the password', () => {
    expect(describeUrl(UNREACHABLE)).toBe('127.0.0.1:1/tuppence');
    expect(describeUrl('postgres://u:p@db.internal/shop')).toBe('db.internal:5432/shop');
  });

  it('an unreachable DATABASE_URL raises DatabaseUnreachable naming the host', async () => {
    const error = await openDatabase({ url: UNREACHABLE }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseUnreachable);
    const message = (error as Error).message;
    expect(message).toContain('127.0.0.1:1/tuppence');
    expect(message).not.toContain('s3cret-pass');
  });

  it('npm start stops with a non-zero exit and a clear message when DATABASE_URL is unreachable', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    // The shop alone: its database is what fails here (the sandbox's own start is its own).
    const result = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--no-sandbox'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: UNREACHABLE, PORT: '4398' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('the site was not started');
    expect(result.stderr).toContain('Cannot reach the PostgreSQL server at 127.0.0.1:1/tuppence');
    expect(`${result.stdout}${result.stderr}`).not.toContain('s3cret-pass');
  });
});
