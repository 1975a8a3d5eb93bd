/**
 * The shop's configuration outside Astro's request path, declared once
 * (docs/decisions/039-configuration-declared-once.md): every variable the server's services, its jobs
 * and the scripts read, each with its default and what it does, parsed once with zod. A bad value
 * stops whoever starts first (`npm start`'s prepare step, any script, the server) with one message
 * naming every field at fault and why, and never a value: some of them are secrets.
 *
 * What only the site's pages and middleware read (feature switches, the theme clock, the tag manager,
 * Google one-tap, the operator token, map tiles, the gateway's browser URL) is declared in
 * astro.config.mjs (`astro:env`) instead; no variable is declared in both. The web layer reads the
 * variables declared here through this module (src/server/runtime, the session driver, the route
 * cache). No other module under src/ reads process.env (scripts/check-imports.mjs).
 */
import path from 'node:path';
import { z } from 'zod';
import { LOG_LEVELS, type LogLevel, setVariables } from '@/contracts/environment';
import { SANDBOX_LOCAL_PORT, SHOP_LOCAL_ORIGIN } from '@/contracts/local-addresses.mjs';
import { GATEWAY_KEY } from '@/contracts/payment-gateway';
import { DEMO_TRADING, type TradingDetails } from '@/domain/trading';

/** The variables as the environment holds them; tests hand in their own. */
export type ConfigVariables = Readonly<Record<string, string | undefined>>;

/** A URL with one of `protocols` (e.g. `['redis:', 'rediss:']`); `error` says what is expected. */
const urlWith = (protocols: readonly string[], error: string) =>
  z
    .string()
    .trim()
    .refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), { error });

const HTTP = ['http:', 'https:'];

const onOff = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((value) => value === 'true');

const port = z.coerce
  .number({ error: 'must be a port number' })
  .int({ error: 'must be a port number' })
  .min(1, { error: 'must be a port number' })
  .max(65_535, { error: 'must be a port number' });

/** Real Braintree credentials: the seam for a real provider (docs/decisions/013), not built in yet. */
const notBuiltYet = z
  .undefined({ error: 'is set, but no real Braintree client is built in yet: unset it to use the sandbox gateway' })
  .optional();

/**
 * Every variable the shop reads outside astro:env, with its default and what it does (the README's
 * Configuration table says the same). An empty variable counts as unset, as in `VAR= npm start`.
 */
export const ConfigSchema = z.object({
  DATABASE_URL: urlWith(['postgres:', 'postgresql:'], 'must be a postgres:// URL')
    .optional()
    .describe('A PostgreSQL server for the shop; unset, the embedded PGlite in PGLITE_DIR. Secret (its password).'),
  PGLITE_DIR: z
    .string()
    .default('.data/pglite')
    .describe('Where the embedded database keeps its data (`memory`: in memory only).'),
  MIGRATIONS_DIR: z
    .string()
    .optional()
    .describe('Another folder of SQL migrations (tests); unset, the committed src/server/db/migrations.'),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info')
    .describe("The server's structured (pino JSON) log level."),
  SITE_URL: urlWith(HTTP, 'must be an http(s) URL')
    .default(SHOP_LOCAL_ORIGIN)
    .describe('The public origin every absolute URL and emailed link is built from (never the Host header).'),
  REDIS_URL: urlWith(['redis:', 'rediss:'], 'must be a redis:// or rediss:// URL')
    .optional()
    .describe('Sessions, throttles and cache invalidation on Redis; unset, files and in-process counts. Secret.'),
  SESSION_DIR: z.string().default('.data/sessions').describe('Where sessions are kept when REDIS_URL is unset.'),
  SMTP_URL: urlWith(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL')
    .optional()
    .describe('Sends mail over SMTP; unset, mail is written as .eml files in MAIL_DIR. Secret (its password).'),
  MAIL_DIR: z.string().default('.data/mail').describe('Where .eml files go without SMTP (/dev/mailbox lists them).'),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3)
    .default('Tuppence <hello@tuppence.co.uk>')
    .describe('The From of every email the shop sends ("Name <address>").'),
  MAIL_REPLY_TO: z
    .string()
    .trim()
    .min(3)
    .default('Tuppence Customer Care <help@tuppence.co.uk>')
    .describe('Where a reply to any email goes.'),
  TRADING_COMPANY_NAME: z
    .string()
    .trim()
    .min(1)
    .default(DEMO_TRADING.companyName)
    .describe('Trading disclosures (decision 042): the registered company name.'),
  TRADING_COMPANY_NUMBER: z
    .string()
    .trim()
    .min(1)
    .default(DEMO_TRADING.companyNumber)
    .describe('The Companies House number.'),
  TRADING_REGISTERED_IN: z
    .string()
    .trim()
    .min(1)
    .default(DEMO_TRADING.registeredIn)
    .describe('Where the company is registered.'),
  TRADING_REGISTERED_OFFICE: z
    .string()
    .trim()
    .min(1)
    .default(DEMO_TRADING.registeredOffice)
    .describe('The registered office, on one line.'),
  TRADING_CONTACT_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .default(DEMO_TRADING.contactAddress)
    .describe('The postal contact address, on one line.'),
  TRADING_CONTACT_EMAIL: z
    .string()
    .trim()
    .min(3)
    .default(DEMO_TRADING.contactEmail)
    .describe('The customer service email address.'),
  TRADING_VAT_NUMBER: z.string().trim().min(1).default(DEMO_TRADING.vatNumber).describe('The VAT registration number.'),
  SEED_DEALS: z.coerce
    .number({ error: 'must be a whole number of deals' })
    .int({ error: 'must be a whole number of deals' })
    .positive({ error: 'must be a whole number of deals' })
    .optional()
    .describe('How many deals an empty database is seeded with (default 3200).'),
  PAYMENTS_GATEWAY_SERVER_URL: urlWith(HTTP, 'must be an http(s) URL')
    .optional()
    .describe("The payment gateway's server-to-server API; unset, the sandbox at SANDBOX_HOST:SANDBOX_PORT."),
  SANDBOX_HOST: z
    .string()
    .default('localhost')
    .describe("The sandbox's listening host, where the shop calls it when PAYMENTS_GATEWAY_SERVER_URL is unset."),
  SANDBOX_PORT: port
    .default(SANDBOX_LOCAL_PORT)
    .describe("The sandbox's port, where the shop calls it when PAYMENTS_GATEWAY_SERVER_URL is unset."),
  PAYMENTS_GATEWAY_SECRET: z
    .string()
    .trim()
    .min(GATEWAY_KEY.minLength, {
      error: `must be at least ${GATEWAY_KEY.minLength} characters (e.g. openssl rand -hex 32)`,
    })
    .optional()
    .describe('The server key sent with every gateway call; unset, the one the sandbox issues into the file. Secret.'),
  PAYMENTS_GATEWAY_SECRET_FILE: z
    .string()
    .default(GATEWAY_KEY.defaultFile)
    .describe('Where the sandbox keeps the gateway key it issued, which the shop reads.'),
  PAYMENTS_GATEWAY_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .positive({ error: 'must be a whole number of milliseconds' })
    .default(10_000)
    .describe('How long a gateway call is waited for before it counts as no response.'),
  PAYMENTS_GATEWAY_CLIENT: z
    .enum(['node', 'fetch'], { error: 'must be node or fetch' })
    .default('node')
    .describe(
      "How the shop sends gateway calls: node (node:http with kept-open connections, decision 083) or fetch (the runtime's fetch, which the integration tests answer in-process).",
    ),
  BRAINTREE_MERCHANT_ID: notBuiltYet.describe('Real Braintree credentials: refused until a real client is built.'),
  BRAINTREE_PUBLIC_KEY: notBuiltYet.describe('Real Braintree credentials: refused until a real client is built.'),
  BRAINTREE_PRIVATE_KEY: notBuiltYet.describe('Real Braintree credentials: refused until a real client is built.'),
  ADDRESS_LOOKUP_URL: urlWith(HTTP, 'must be an http(s) URL')
    .optional()
    .describe("A real address service for gift-pack addresses; unset, the local provider's own fixture."),
  ADDRESS_LOOKUP_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .positive({ error: 'must be a whole number of milliseconds' })
    .default(2500)
    .describe('spec 9 "a configured value or 2500 ms by default": how long an address service call is waited for.'),
  PAY_LATER_STRICT_SUBCATEGORIES: onOff
    .default(false)
    .describe("spec 5's stricter flag: sub-categories 197 and 200 also block Klarna and Clearpay."),
  NODE_ENV: z.string().optional().describe('`test` (as vitest sets it) keeps the hourly jobs from starting.'),
  VITEST: z.string().optional().describe('Set by vitest in its workers: the hourly jobs never start there.'),
});

/** Where and how the shop calls the payment gateway's server-to-server API. */
export interface GatewaySettings {
  /** The API's base URL, without a trailing slash. */
  serverUrl: string;
  /** The configured server key, or undefined when the sandbox's issued key (in `secretFile`) is used. */
  secret: string | undefined;
  /** Where the sandbox keeps the key it issued (relative paths are the working folder's). */
  secretFile: string;
  timeoutMs: number;
  /** What sends the calls: node:http with kept-open connections, or the runtime's fetch (decision 083). */
  client: 'node' | 'fetch';
}

/** What the payments and checkout services are configured with. */
export interface PaymentSettings {
  gateway: GatewaySettings;
  /** spec 5: the stricter pay-later flag (PAY_LATER_STRICT_SUBCATEGORIES). */
  strictPayLater: boolean;
}

/** What the mail outbox sends with. */
export interface MailSettings {
  smtpUrl: string | undefined;
  mailDir: string;
  from: string;
  replyTo: string;
  /** The public origin: every link and picture in a mail is absolute on it. */
  publicOrigin: string;
  trading: TradingDetails;
}

/** The shop's configuration, parsed: folders absolute, URLs checked, numbers numbers. */
export interface ServerConfig {
  database: { url: string | undefined; pgliteDir: string; migrationsDir: string | undefined };
  logLevel: LogLevel;
  /** SITE_URL as configured, and its origin (`https://www.tuppence.co.uk`, no trailing slash). */
  siteUrl: string;
  publicOrigin: string;
  redisUrl: string | undefined;
  sessionDir: string;
  /** How mail is sent: SMTP or the folder, its From and Reply-To, and the origin its links use. */
  mail: MailSettings;
  /** The trader's details (decision 042), for the footer, the legal pages and every email. */
  trading: TradingDetails;
  seedDeals: number | undefined;
  payments: PaymentSettings;
  addressLookupUrl: string | undefined;
  /** spec 9: how long the address service is waited for (ADDRESS_LOOKUP_TIMEOUT_MS, 2500 ms by default). */
  addressLookupTimeoutMs: number;
  /** Under vitest (VITEST, or NODE_ENV=test): nothing is scheduled in the background. */
  isTestRun: boolean;
}

/** A configuration that will not do; `fields` holds one line per field at fault, never its value. */
export class ConfigError extends Error {
  constructor(readonly fields: readonly string[]) {
    super(`The shop's configuration will not do:\n${fields.map((field) => `  ${field}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** A folder as given, made absolute on the working folder. */
const absolute = (folder: string) => path.resolve(process.cwd(), folder);

/** The local sandbox's gateway API (sandbox/settings.ts listens there); a wildcard host is reached on loopback. */
function sandboxGatewayUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}/gateway`;
}

/** The configuration `variables` give; throws ConfigError naming every field at fault. */
export function readServerConfig(variables: ConfigVariables): ServerConfig {
  const parsed = ConfigSchema.safeParse(setVariables(variables));
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${String(issue.path[0] ?? 'configuration')}: ${issue.message}`),
    );
  }
  const v = parsed.data;
  const publicOrigin = new URL(v.SITE_URL).origin;
  const trading: TradingDetails = {
    companyName: v.TRADING_COMPANY_NAME,
    companyNumber: v.TRADING_COMPANY_NUMBER,
    registeredIn: v.TRADING_REGISTERED_IN,
    registeredOffice: v.TRADING_REGISTERED_OFFICE,
    contactAddress: v.TRADING_CONTACT_ADDRESS,
    contactEmail: v.TRADING_CONTACT_EMAIL,
    vatNumber: v.TRADING_VAT_NUMBER,
  };
  return {
    database: {
      url: v.DATABASE_URL,
      pgliteDir: v.PGLITE_DIR === 'memory' ? 'memory' : absolute(v.PGLITE_DIR),
      migrationsDir: v.MIGRATIONS_DIR === undefined ? undefined : absolute(v.MIGRATIONS_DIR),
    },
    logLevel: v.LOG_LEVEL,
    siteUrl: v.SITE_URL,
    publicOrigin,
    redisUrl: v.REDIS_URL,
    sessionDir: absolute(v.SESSION_DIR),
    mail: {
      smtpUrl: v.SMTP_URL,
      mailDir: absolute(v.MAIL_DIR),
      from: v.MAIL_FROM,
      replyTo: v.MAIL_REPLY_TO,
      publicOrigin,
      trading,
    },
    trading,
    seedDeals: v.SEED_DEALS,
    payments: {
      gateway: {
        serverUrl: (v.PAYMENTS_GATEWAY_SERVER_URL ?? sandboxGatewayUrl(v.SANDBOX_HOST, v.SANDBOX_PORT)).replace(
          /\/+$/,
          '',
        ),
        secret: v.PAYMENTS_GATEWAY_SECRET,
        secretFile: v.PAYMENTS_GATEWAY_SECRET_FILE,
        timeoutMs: v.PAYMENTS_GATEWAY_TIMEOUT_MS,
        client: v.PAYMENTS_GATEWAY_CLIENT,
      },
      strictPayLater: v.PAY_LATER_STRICT_SUBCATEGORIES,
    },
    addressLookupUrl: v.ADDRESS_LOOKUP_URL,
    addressLookupTimeoutMs: v.ADDRESS_LOOKUP_TIMEOUT_MS,
    isTestRun: Boolean(v.VITEST) || v.NODE_ENV === 'test',
  };
}

let current: ServerConfig | undefined;

/**
 * This process's configuration, read from its environment on first use and kept. Entry points call
 * it first (scripts/cli.ts, the middleware), so a bad value stops them before any work starts.
 */
export function serverConfig(): ServerConfig {
  current ??= readServerConfig(process.env);
  return current;
}
