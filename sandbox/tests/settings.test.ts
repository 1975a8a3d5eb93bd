/**
 * The payment sandbox's settings, its one reader of the environment (docs/decisions/039): defaults,
 * every field at fault named at start (never a key's value), and the switches and keys read again
 * on every call from the variables a caller hands in.
 */
import { describe, expect, it } from 'vitest';
import { GATEWAY_KEY } from '@/contracts/payment-gateway';
import { KeptSecretError } from '@/domain/kept-secret';
import {
  PaymentsConfigError,
  readKeptSecretSetting,
  readSandboxConfig,
  readSandboxLogLevel,
  readSandboxSettings,
  SandboxSettingsError,
} from '../settings';

describe("the payment sandbox's settings", () => {
  it('listen on localhost:4322 for the shop on localhost:4321, with PGlite beside the shop', () => {
    const settings = readSandboxSettings({});
    expect(settings).toMatchObject({
      port: 4322,
      host: 'localhost',
      publicUrl: 'http://localhost:4322',
      shopOrigins: ['http://localhost:4321', 'http://127.0.0.1:4321'],
      database: { url: undefined },
    });
    expect(settings.database.dataDir).toMatch(/\.data\/sandbox-pglite$/);
    expect(readSandboxLogLevel({})).toBe('info');
  });

  it('refuse a bad start with every field at fault, and never print a key', () => {
    const start = () =>
      readSandboxSettings({
        SANDBOX_PORT: 'twelve',
        LOG_LEVEL: 'loud',
        PAYMENTS_SLOW_MS: 'later',
        PAYMENTS_GATEWAY_SECRET: 'short-gateway-key',
        PAYMENTS_FINGERPRINT_SECRET: 'short-fingerprint-key',
      });
    expect(start).toThrow(SandboxSettingsError);
    expect(start).toThrow(
      "The payment sandbox's settings will not do: SANDBOX_PORT must be a port number; " +
        'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; ' +
        'PAYMENTS_SLOW_MS must be a number of milliseconds; ' +
        'PAYMENTS_GATEWAY_SECRET must be at least 32 characters (e.g. openssl rand -hex 32); ' +
        'PAYMENTS_FINGERPRINT_SECRET must be at least 32 characters (e.g. openssl rand -hex 32)',
    );
  });

  it('refuse to start in production with a payments fault switched on', () => {
    expect(() => readSandboxSettings({ NODE_ENV: 'production', PAYMENTS_FAULT: 'slow' })).toThrow(
      'PAYMENTS_FAULT=slow is for tests and previews only and is refused in production: unset it.',
    );
  });

  it('read the switches and a kept key on every call, from the variables handed in', () => {
    expect(readSandboxConfig({ PAYMENTS_FAULT: 'timeout', PAYMENTS_SLOW_MS: '5' })).toMatchObject({
      fault: 'timeout',
      slowMs: 5,
    });
    expect(() => readSandboxConfig({ PAYMENTS_FAULT: 'sometimes' })).toThrow(PaymentsConfigError);
    expect(readKeptSecretSetting(GATEWAY_KEY, {})).toEqual({ value: null, file: GATEWAY_KEY.defaultFile });
    const key = 'a'.repeat(64);
    expect(readKeptSecretSetting(GATEWAY_KEY, { PAYMENTS_GATEWAY_SECRET: key })).toEqual({
      value: key,
      file: GATEWAY_KEY.defaultFile,
    });
    expect(() => readKeptSecretSetting(GATEWAY_KEY, { PAYMENTS_GATEWAY_SECRET: 'short' })).toThrow(KeptSecretError);
  });

  it('see a switch flipped in the same environment on the very next call, and flipped back', () => {
    // A preview flips PAYMENTS_FAULT in the running process; the read kept from the last call must not hide it.
    const env: Record<string, string | undefined> = { PAYMENTS_SLOW_MS: '5' };
    expect(readSandboxConfig(env).fault).toBeNull();
    env.PAYMENTS_FAULT = 'slow';
    expect(readSandboxConfig(env)).toMatchObject({ fault: 'slow', slowMs: 5 });
    env.PAYMENTS_FAULT = 'sometimes';
    expect(() => readSandboxConfig(env)).toThrow(PaymentsConfigError);
    expect(() => readSandboxConfig(env)).toThrow(PaymentsConfigError);
    env.PAYMENTS_FAULT = '';
    expect(readSandboxConfig(env).fault).toBeNull();
    env.CARD_BRANDS_ACCEPTED = 'visa';
    expect([...readSandboxConfig(env).brandsAccepted]).toEqual(['visa']);
  });
});
