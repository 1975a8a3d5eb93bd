/**
 * The shop's configuration, declared once (docs/decisions/039-configuration-declared-once.md): its
 * defaults, a bad value refused with the field named (never the value: some are secrets), a script
 * stopped by it before any work, and every variable declared in one place only and listed once in
 * the README's Configuration table.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SANDBOX_LOCAL_PORT, SHOP_LOCAL_ORIGIN } from '@/contracts/local-addresses.mjs';
import { DEMO_TRADING } from '@/domain/trading';
import { ConfigError, ConfigSchema, readServerConfig } from './config';

const root = path.resolve(import.meta.dirname, '../..');

/** The ConfigError `variables` give (the test fails when they are accepted). */
function refusal(variables: Record<string, string>): ConfigError {
  try {
    readServerConfig(variables);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('the shop configuration', () => {
  it('has a default for everything, with folders made absolute on the working folder', () => {
    const config = readServerConfig({});
    expect(config).toEqual({
      database: { url: undefined, pgliteDir: path.resolve('.data/pglite'), migrationsDir: undefined },
      logLevel: 'info',
      siteUrl: SHOP_LOCAL_ORIGIN,
      publicOrigin: SHOP_LOCAL_ORIGIN,
      redisUrl: undefined,
      sessionDir: path.resolve('.data/sessions'),
      mail: {
        smtpUrl: undefined,
        mailDir: path.resolve('.data/mail'),
        from: 'Tuppence <hello@tuppence.co.uk>',
        replyTo: 'Tuppence Customer Care <help@tuppence.co.uk>',
        publicOrigin: SHOP_LOCAL_ORIGIN,
        trading: DEMO_TRADING,
      },
      trading: DEMO_TRADING,
      seedDeals: undefined,
      payments: {
        gateway: {
          serverUrl: `http://localhost:${SANDBOX_LOCAL_PORT}/gateway`,
          secret: undefined,
          secretFile: '.data/payments-gateway.secret',
          timeoutMs: 10_000,
          client: 'node',
        },
        strictPayLater: false,
      },
      addressLookupUrl: undefined,
      // spec 9: "a configured value or 2500 ms by default".
      addressLookupTimeoutMs: 2500,
      isTestRun: false,
    });
  });

  it('takes the trading disclosures and the mail sender from the environment (decision 042)', () => {
    const config = readServerConfig({
      SITE_URL: 'https://www.tuppence.co.uk',
      MAIL_FROM: 'Tuppence <orders@tuppence.co.uk>',
      TRADING_COMPANY_NAME: 'Tuppence Trading Ltd',
      TRADING_COMPANY_NUMBER: '01234567',
      TRADING_REGISTERED_OFFICE: '1 High Street, Leeds LS1 1AA',
    });
    expect(config.trading).toEqual({
      ...DEMO_TRADING,
      companyName: 'Tuppence Trading Ltd',
      companyNumber: '01234567',
      registeredOffice: '1 High Street, Leeds LS1 1AA',
    });
    // Mail is drawn with the same details and links on the public origin.
    expect(config.mail).toMatchObject({
      from: 'Tuppence <orders@tuppence.co.uk>',
      publicOrigin: 'https://www.tuppence.co.uk',
      trading: config.trading,
    });
  });

  it('reads what is set, and counts an empty variable as unset (`VAR= npm start`)', () => {
    const config = readServerConfig({
      DATABASE_URL: 'postgres://shop@db.internal:5432/tuppence',
      PGLITE_DIR: 'memory',
      LOG_LEVEL: 'warn',
      SITE_URL: 'https://www.tuppence.co.uk/anything',
      SEED_DEALS: '200',
      PAYMENTS_GATEWAY_TIMEOUT_MS: '2500',
      PAYMENTS_GATEWAY_SERVER_URL: 'https://payments.example/api/',
      PAY_LATER_STRICT_SUBCATEGORIES: 'true',
      REDIS_URL: '',
      VITEST: 'true',
    });
    expect(config.database).toMatchObject({ url: 'postgres://shop@db.internal:5432/tuppence', pgliteDir: 'memory' });
    expect(config.logLevel).toBe('warn');
    expect(config.publicOrigin).toBe('https://www.tuppence.co.uk');
    expect(config.seedDeals).toBe(200);
    expect(config.payments.gateway).toMatchObject({ serverUrl: 'https://payments.example/api', timeoutMs: 2500 });
    expect(config.payments.strictPayLater).toBe(true);
    expect(config.redisUrl).toBeUndefined();
    expect(config.isTestRun).toBe(true);
  });

  it('refuses bad values with every field at fault named and why', () => {
    const error = refusal({
      LOG_LEVEL: 'loud',
      PAYMENTS_GATEWAY_TIMEOUT_MS: 'soon',
      SITE_URL: 'tuppence.co.uk',
      PAY_LATER_STRICT_SUBCATEGORIES: 'yes',
    });
    expect(error.fields).toEqual([
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
      'SITE_URL: must be an http(s) URL',
      'PAYMENTS_GATEWAY_TIMEOUT_MS: must be a whole number of milliseconds',
      'PAY_LATER_STRICT_SUBCATEGORIES: must be true or false',
    ]);
    expect(error.message).toContain("The shop's configuration will not do:\n  LOG_LEVEL: must be one of");
  });

  it('never prints a secret it refuses', () => {
    const secrets = {
      DATABASE_URL: 'mysql://shop:correct-horse-battery@db.internal/tuppence',
      REDIS_URL: 'http://:staple-redis-password@cache.internal:6379',
      SMTP_URL: 'mailto:postmaster-password-123@mail.internal',
      PAYMENTS_GATEWAY_SECRET: 'too-short-gateway-key',
      BRAINTREE_PRIVATE_KEY: 'real-braintree-private-key',
    };
    const error = refusal(secrets);
    expect(error.fields.map((field) => field.split(':')[0])).toEqual(Object.keys(secrets));
    expect(error.fields).toContain(
      'BRAINTREE_PRIVATE_KEY: is set, but no real Braintree client is built in yet: unset it to use the sandbox gateway',
    );
    for (const value of Object.values(secrets)) expect(error.message).not.toContain(value);
    for (const fragment of ['correct-horse', 'staple-redis', 'postmaster-password', 'too-short'])
      expect(error.message).not.toContain(fragment);
  });

  it('stops a script before any work, with the fields at fault and no stack trace', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/db-migrate.ts')], {
      cwd: root,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        LOG_LEVEL: 'loud',
        PAYMENTS_GATEWAY_SECRET: 'too-short-but-still-a-secret',
        PGLITE_DIR: path.join(root, '.data/never-opened'),
      },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("The shop's configuration will not do:");
    expect(run.stderr).toContain('LOG_LEVEL: must be one of');
    expect(run.stderr).toContain('PAYMENTS_GATEWAY_SECRET: must be at least 32 characters');
    expect(run.stderr).not.toContain('too-short-but-still-a-secret');
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(run.stdout).not.toContain('Migrated');
  });

  it('gives every variable a one-line description', () => {
    for (const [name, field] of Object.entries(ConfigSchema.shape)) {
      expect(field.description, name).toBeTruthy();
      expect(field.description, name).not.toContain('\n');
    }
  });

  it("declares each variable once, here or in astro:env, and the README's table lists each once", () => {
    const astroConfig = readFileSync(path.join(root, 'astro.config.mjs'), 'utf8');
    const siteOnly = [...astroConfig.matchAll(/^\s+([A-Z][A-Z0-9_]+): envField\./gm)].map((match) => match[1] ?? '');
    const shared = Object.keys(ConfigSchema.shape);
    expect(siteOnly.length).toBeGreaterThan(10);
    expect(siteOnly.filter((name) => shared.includes(name))).toEqual([]);

    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const table = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
    );
    const listed = [...table.matchAll(/^\| ([^|]+) \|/gm)].flatMap((row) =>
      [...(row[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((name) => name[1]),
    );
    // VITEST is vitest's own switch, not a setting anyone sets.
    for (const name of [...siteOnly, ...shared].filter((name) => name !== 'VITEST')) {
      expect(
        listed.filter((entry) => entry === name),
        name,
      ).toHaveLength(1);
    }
  });
});
