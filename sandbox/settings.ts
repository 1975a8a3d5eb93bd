/**
 * Every variable the payment sandbox reads, declared once in one zod schema, and the one module of
 * the sandbox that reads the environment (docs/decisions/035-sandbox-as-its-own-app.md,
 * docs/decisions/039-configuration-declared-once.md). When it starts (./server.ts) the whole schema
 * is parsed, so a bad value stops it with every field at fault named, never a value. How the gateway
 * behaves (the fault switch, the brands taken) and its kept keys are read again on every call, from
 * the environment or the variables a caller hands in, so a test or a preview can flip them without
 * a restart (PAYMENTS.md).
 *
 * Where it runs and whom it serves:
 * - `SANDBOX_PORT`, `SANDBOX_HOST`: where it listens (default `4322`, `localhost`);
 * - `SANDBOX_PUBLIC_URL`: its origin as the shopper's browser reaches it, for the approval pages it
 *   sends shoppers to (default `http://localhost:<SANDBOX_PORT>`);
 * - `SANDBOX_SHOP_ORIGINS`: the shop's origins, comma-separated, the first the one its pages link
 *   back to: the only origins whose browsers may call it (CORS) and whose checkout a provider's page
 *   may return to (default `http://localhost:4321,http://127.0.0.1:4321`);
 * - `SANDBOX_DATABASE_URL`: a PostgreSQL server (the shop's may do: the `sandbox` schema keeps them
 *   apart); unset, embedded PGlite in `SANDBOX_PGLITE_DIR` (default `.data/sandbox-pglite`);
 * - `LOG_LEVEL`: its log's level (default `info`).
 * How the gateway behaves, read on every call:
 * - `CARD_BRANDS_ACCEPTED`: comma list of brands taken (default all six the shop knows);
 * - `PAYMENTS_FAULT`: `unreachable` | `slow` | `timeout`, test and preview only, refused in production
 *   (`NODE_ENV=production`);
 * - `PAYMENTS_SLOW_MS`: how late a `slow` gateway answers (default 3000 ms).
 * The keys it keeps (./kept-secret.ts), each set by a variable or else made once and kept in a file:
 * - `PAYMENTS_GATEWAY_SECRET`, `PAYMENTS_GATEWAY_SECRET_FILE`: the server key it issues to the shop;
 * - `PAYMENTS_FINGERPRINT_SECRET`, `PAYMENTS_FINGERPRINT_SECRET_FILE`: its card fingerprint key.
 */
import path from 'node:path';
import { z } from 'zod';
import { LOG_LEVELS, type LogLevel, setVariables } from '@/contracts/environment';
import { SANDBOX_LOCAL_PORT, SHOP_LOCAL_ORIGIN } from '@/contracts/local-addresses.mjs';
import { GATEWAY_KEY } from '@/contracts/payment-gateway';
import { ACCEPTABLE_BRANDS, type CardBrand } from '@/domain/card-details';
import { KeptSecretError, type KeptSecretSpec } from '@/domain/kept-secret';

/** The variables as the environment holds them; tests hand in their own. */
export type SandboxVariables = Readonly<Record<string, string | undefined>>;

export interface SandboxSettings {
  port: number;
  host: string;
  /** The sandbox's origin for browsers, without a trailing slash. */
  publicUrl: string;
  /** The shop's origins; the first is where its pages link back to. */
  shopOrigins: readonly string[];
  database: { url?: string; dataDir: string };
}

/** What an app serving requests needs of the settings (tests pass their own). */
export type SandboxSite = Pick<SandboxSettings, 'publicUrl' | 'shopOrigins'>;

export type PaymentsFault = 'unreachable' | 'slow' | 'timeout';

/** How the gateway behaves on this call (PAYMENTS.md). */
export interface SandboxConfig {
  fault: PaymentsFault | null;
  slowMs: number;
  brandsAccepted: ReadonlySet<CardBrand>;
}

/** A setting that will not do; the message names every field at fault. */
export class SandboxSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SandboxSettingsError';
  }
}

/** A switch that must never be on where real money moves, or a bad one; the message says what to do. */
export class PaymentsConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentsConfigError';
  }
}

/** The card fingerprint key: one per installation, at least 32 characters (a 256-bit key as hex is 64). */
export const FINGERPRINT_SECRET: KeptSecretSpec = {
  variable: 'PAYMENTS_FINGERPRINT_SECRET',
  fileVariable: 'PAYMENTS_FINGERPRINT_SECRET_FILE',
  defaultFile: '.data/payments-fingerprint.secret',
  minLength: 32,
};

/** The shop's local origin by default, by name and by loopback address (a browser may use either). */
const shopLocal = new URL(SHOP_LOCAL_ORIGIN);
const LOCAL_SHOP_ORIGINS = `${shopLocal.origin},${shopLocal.protocol}//127.0.0.1:${shopLocal.port}`;

const origin = (name: string) =>
  z
    .string()
    .trim()
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      error: `${name} must be http(s) URLs`,
    })
    .transform((value) => new URL(value).origin);

/** A kept key's variable: at least the spec's length (never echoed). */
const secret = (spec: KeptSecretSpec) =>
  z
    .string()
    .trim()
    .min(spec.minLength, {
      error: `${spec.variable} must be at least ${spec.minLength} characters (e.g. openssl rand -hex 32)`,
    })
    .optional();

const SandboxSchema = z.object({
  SANDBOX_PORT: z.coerce
    .number({ error: 'SANDBOX_PORT must be a port number' })
    .int({ error: 'SANDBOX_PORT must be a port number' })
    .min(1, { error: 'SANDBOX_PORT must be a port number' })
    .max(65_535, { error: 'SANDBOX_PORT must be a port number' })
    .default(SANDBOX_LOCAL_PORT),
  SANDBOX_HOST: z.string().trim().min(1).default('localhost'),
  SANDBOX_PUBLIC_URL: origin('SANDBOX_PUBLIC_URL').optional(),
  SANDBOX_SHOP_ORIGINS: z
    .string()
    .default(LOCAL_SHOP_ORIGINS)
    .transform((value) => value.split(',').filter((item) => item.trim() !== ''))
    .pipe(z.array(origin('SANDBOX_SHOP_ORIGINS')).min(1, { error: 'SANDBOX_SHOP_ORIGINS names no origin' })),
  SANDBOX_DATABASE_URL: z
    .string()
    .trim()
    .refine((value) => /^postgres(ql)?:\/\//.test(value), { error: 'SANDBOX_DATABASE_URL must be a postgres:// URL' })
    .optional(),
  SANDBOX_PGLITE_DIR: z.string().trim().min(1).default('.data/sandbox-pglite'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  NODE_ENV: z.string().optional(),
  PAYMENTS_FAULT: z
    .enum(['unreachable', 'slow', 'timeout'], {
      error: 'PAYMENTS_FAULT must be one of unreachable, slow, timeout (or unset)',
    })
    .optional(),
  PAYMENTS_SLOW_MS: z.coerce
    .number({ error: 'PAYMENTS_SLOW_MS must be a number of milliseconds' })
    .int({ error: 'PAYMENTS_SLOW_MS must be a number of milliseconds' })
    .min(0, { error: 'PAYMENTS_SLOW_MS must be a number of milliseconds' })
    .max(120_000, { error: 'PAYMENTS_SLOW_MS must be at most 120000' })
    .default(3000),
  CARD_BRANDS_ACCEPTED: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return new Set<CardBrand>(ACCEPTABLE_BRANDS);
      const brands = value.split(',').map((brand) => brand.trim().toLowerCase());
      const unknown = brands.filter((brand) => !(ACCEPTABLE_BRANDS as readonly string[]).includes(brand));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `CARD_BRANDS_ACCEPTED names unknown brands (${unknown.join(', ')}); use ${ACCEPTABLE_BRANDS.join(',')}`,
        });
        return z.NEVER;
      }
      return new Set(brands as CardBrand[]);
    }),
  PAYMENTS_GATEWAY_SECRET: secret(GATEWAY_KEY),
  PAYMENTS_GATEWAY_SECRET_FILE: z.string().trim().min(1).default(GATEWAY_KEY.defaultFile),
  PAYMENTS_FINGERPRINT_SECRET: secret(FINGERPRINT_SECRET),
  PAYMENTS_FINGERPRINT_SECRET_FILE: z.string().trim().min(1).default(FINGERPRINT_SECRET.defaultFile),
});

/** `field: why` for each issue; a message that already names its field is kept as it is. */
function faults(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = String(issue.path[0] ?? 'settings');
    return issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`;
  });
}

/** The switches' rule on top of their fields: a fault is for tests and previews, never production. */
function switchesOf(parsed: z.output<typeof SwitchesSchema>): SandboxConfig | string {
  const fault = parsed.PAYMENTS_FAULT ?? null;
  if (fault && parsed.NODE_ENV === 'production') {
    return `PAYMENTS_FAULT=${fault} is for tests and previews only and is refused in production: unset it.`;
  }
  return { fault, slowMs: parsed.PAYMENTS_SLOW_MS, brandsAccepted: parsed.CARD_BRANDS_ACCEPTED };
}

/** The sandbox's settings from `env`; throws SandboxSettingsError naming every field at fault. */
export function readSandboxSettings(env: SandboxVariables = process.env): SandboxSettings {
  const parsed = SandboxSchema.safeParse(setVariables(env));
  if (!parsed.success) {
    throw new SandboxSettingsError(`The payment sandbox's settings will not do: ${faults(parsed.error).join('; ')}`);
  }
  const settings = parsed.data;
  const switches = switchesOf(settings);
  if (typeof switches === 'string') {
    throw new SandboxSettingsError(`The payment sandbox's settings will not do: ${switches}`);
  }
  return {
    port: settings.SANDBOX_PORT,
    host: settings.SANDBOX_HOST,
    publicUrl: settings.SANDBOX_PUBLIC_URL ?? `http://localhost:${settings.SANDBOX_PORT}`,
    shopOrigins: [...new Set(settings.SANDBOX_SHOP_ORIGINS)],
    database: {
      url: settings.SANDBOX_DATABASE_URL || undefined,
      dataDir: path.resolve(process.cwd(), settings.SANDBOX_PGLITE_DIR),
    },
  };
}

const SwitchesSchema = SandboxSchema.pick({
  NODE_ENV: true,
  PAYMENTS_FAULT: true,
  PAYMENTS_SLOW_MS: true,
  CARD_BRANDS_ACCEPTED: true,
});

/**
 * The values of `names` in `env` that are set (as setVariables keeps them), and a key of them: what a
 * per-call read parses, and what its last result is kept under.
 */
function variablesOf(names: readonly string[], env: SandboxVariables): { set: Record<string, string>; key: string } {
  const set: Record<string, string> = {};
  for (const name of names) {
    const value = env[name];
    if (value?.trim()) set[name] = value;
  }
  return { set, key: names.map((name) => set[name] ?? '').join('\u0000') };
}

/**
 * A read made on every call, parsed again only when the variables it reads have changed: the
 * gateway reads its switches and keys on each payment, and copying the whole environment and parsing
 * the schema every time showed in the purchase bench's profile. A read that fails is not kept, so it
 * fails again the same way.
 */
function perCall<T>(read: (set: Record<string, string>) => T) {
  let last: { key: string; value: T } | null = null;
  return (names: readonly string[], env: SandboxVariables): T => {
    const { set, key } = variablesOf(names, env);
    if (last?.key !== key) last = { key, value: read(set) };
    return last.value;
  };
}

const SWITCHES = ['NODE_ENV', 'PAYMENTS_FAULT', 'PAYMENTS_SLOW_MS', 'CARD_BRANDS_ACCEPTED'] as const;
const switchesNow = perCall((set) => {
  const parsed = SwitchesSchema.safeParse(set);
  if (!parsed.success) throw new PaymentsConfigError(faults(parsed.error).join('; '));
  const switches = switchesOf(parsed.data);
  if (typeof switches === 'string') throw new PaymentsConfigError(switches);
  return switches;
});

/**
 * The gateway's switches now, from `env` (default the process's environment). Throws
 * PaymentsConfigError for a bad value, and when PAYMENTS_FAULT is set in production (PAYMENTS.md:
 * "test and preview only, refused in production").
 */
export function readSandboxConfig(env: SandboxVariables = process.env): SandboxConfig {
  return switchesNow(SWITCHES, env);
}

/** Each kept key's last read setting. */
const keptSecretReads = new WeakMap<
  KeptSecretSpec,
  ReturnType<typeof perCall<{ value: string | null; file: string }>>
>();

/**
 * One kept key's setting now, from `env` (default the process's environment): the variable's value
 * when set (checked; KeptSecretError when too short), and the file it is kept in otherwise.
 */
export function readKeptSecretSetting(
  spec: KeptSecretSpec,
  env: SandboxVariables = process.env,
): { value: string | null; file: string } {
  let read = keptSecretReads.get(spec);
  if (read === undefined) {
    const schema = z.object({
      [spec.variable]: secret(spec),
      [spec.fileVariable]: z.string().trim().min(1).default(spec.defaultFile),
    });
    read = perCall((set) => {
      const parsed = schema.safeParse(set);
      if (!parsed.success) throw new KeptSecretError(faults(parsed.error).join('; '));
      const values = parsed.data as Record<string, string | undefined>;
      return { value: values[spec.variable] ?? null, file: values[spec.fileVariable] ?? spec.defaultFile };
    });
    keptSecretReads.set(spec, read);
  }
  return read([spec.variable, spec.fileVariable], env);
}

/** The log's level (LOG_LEVEL, default info); throws SandboxSettingsError for one pino does not know. */
export function readSandboxLogLevel(env: SandboxVariables = process.env): LogLevel {
  const parsed = SandboxSchema.pick({ LOG_LEVEL: true }).safeParse(setVariables(env));
  if (!parsed.success) {
    throw new SandboxSettingsError(`The payment sandbox's settings will not do: ${faults(parsed.error).join('; ')}`);
  }
  return parsed.data.LOG_LEVEL;
}

/** Whether `url` is on one of the shop's origins (a page of the shop the sandbox may send a shopper to). */
export function isShopUrl(url: string, site: SandboxSite): boolean {
  return URL.canParse(url) && site.shopOrigins.includes(new URL(url).origin);
}
