/**
 * Where the payment sandbox runs and whom it serves, read once when it starts (one zod schema,
 * failing fast with every field's error; docs/decisions/035-sandbox-as-its-own-app.md). How the
 * gateway behaves (PAYMENTS_FAULT, CARD_BRANDS_ACCEPTED, ...) is ./config.ts, read on every call.
 * - `SANDBOX_PORT`, `SANDBOX_HOST`: where it listens (default `4322`, `localhost`);
 * - `SANDBOX_PUBLIC_URL`: its origin as the shopper's browser reaches it, for the approval pages it
 *   sends shoppers to (default `http://localhost:<SANDBOX_PORT>`);
 * - `SANDBOX_SHOP_ORIGINS`: the shop's origins, comma-separated, the first the one its pages link
 *   back to: the only origins whose browsers may call it (CORS) and whose checkout a provider's page
 *   may return to (default `http://localhost:4321,http://127.0.0.1:4321`);
 * - `SANDBOX_DATABASE_URL`: a PostgreSQL server (the shop's may do: the `sandbox` schema keeps them
 *   apart); unset, embedded PGlite in `SANDBOX_PGLITE_DIR` (default `.data/sandbox-pglite`).
 */
import path from 'node:path';
import { z } from 'zod';

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

/** A setting that will not do; the message names every field at fault. */
export class SandboxSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SandboxSettingsError';
  }
}

const origin = (name: string) =>
  z
    .string()
    .trim()
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      error: `${name} must be http(s) URLs`,
    })
    .transform((value) => new URL(value).origin);

const SettingsSchema = z.object({
  SANDBOX_PORT: z.coerce
    .number({ error: 'SANDBOX_PORT must be a port number' })
    .int({ error: 'SANDBOX_PORT must be a port number' })
    .min(1, { error: 'SANDBOX_PORT must be a port number' })
    .max(65_535, { error: 'SANDBOX_PORT must be a port number' })
    .default(4322),
  SANDBOX_HOST: z.string().trim().min(1).default('localhost'),
  SANDBOX_PUBLIC_URL: origin('SANDBOX_PUBLIC_URL').optional(),
  SANDBOX_SHOP_ORIGINS: z
    .string()
    .default('http://localhost:4321,http://127.0.0.1:4321')
    .transform((value) => value.split(',').filter((item) => item.trim() !== ''))
    .pipe(z.array(origin('SANDBOX_SHOP_ORIGINS')).min(1, { error: 'SANDBOX_SHOP_ORIGINS names no origin' })),
  SANDBOX_DATABASE_URL: z
    .string()
    .trim()
    .refine((value) => value === '' || /^postgres(ql)?:\/\//.test(value), {
      error: 'SANDBOX_DATABASE_URL must be a postgres:// URL',
    })
    .optional(),
  SANDBOX_PGLITE_DIR: z.string().trim().min(1).default('.data/sandbox-pglite'),
});

/** An empty variable counts as unset, as in a shell's `VAR= npm start`. */
function setOnly(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

/** The sandbox's settings from `env`; throws SandboxSettingsError naming every field at fault. */
export function readSandboxSettings(env: NodeJS.ProcessEnv = process.env): SandboxSettings {
  const parsed = SettingsSchema.safeParse(setOnly(env));
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => `${String(issue.path[0] ?? 'settings')}: ${issue.message}`);
    throw new SandboxSettingsError(`The payment sandbox's settings will not do: ${fields.join('; ')}`);
  }
  const settings = parsed.data;
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

/** Whether `url` is on one of the shop's origins (a page of the shop the sandbox may send a shopper to). */
export function isShopUrl(url: string, site: SandboxSite): boolean {
  return URL.canParse(url) && site.shopOrigins.includes(new URL(url).origin);
}
