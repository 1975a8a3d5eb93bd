/**
 * The sandbox gateway's switches (PAYMENTS.md), read from the environment on every call so a test
 * or a preview can flip them without a restart:
 * - `CARD_BRANDS_ACCEPTED`: comma list of brands taken (default all six the shop knows);
 * - `PAYMENTS_FAULT`: `unreachable` | `slow` | `timeout`, test and preview only, refused in production;
 * - `PAYMENTS_SLOW_MS`: how late a `slow` gateway answers (default 3000 ms).
 */
import { z } from 'zod';
import { ACCEPTABLE_BRANDS, type CardBrand } from '@/domain/card-details';

export type PaymentsFault = 'unreachable' | 'slow' | 'timeout';

export interface SandboxConfig {
  fault: PaymentsFault | null;
  slowMs: number;
  brandsAccepted: ReadonlySet<CardBrand>;
}

/** A switch that must never be on where real money moves; the message says what to do. */
export class PaymentsConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentsConfigError';
  }
}

const EnvSchema = z.object({
  NODE_ENV: z.string().optional(),
  PAYMENTS_FAULT: z
    .enum(['unreachable', 'slow', 'timeout', ''], {
      error: 'PAYMENTS_FAULT must be one of unreachable, slow, timeout (or unset)',
    })
    .optional(),
  PAYMENTS_SLOW_MS: z.coerce
    .number({ error: 'PAYMENTS_SLOW_MS must be a number of milliseconds' })
    .int()
    .min(0)
    .max(120_000)
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
});

/**
 * Reads the switches. Throws PaymentsConfigError for a bad value, and when PAYMENTS_FAULT is set
 * in production (PAYMENTS.md: "test and preview only, refused in production").
 */
export function readSandboxConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new PaymentsConfigError(parsed.error.issues.map((issue) => issue.message).join('; '));
  }
  const fault = parsed.data.PAYMENTS_FAULT || null;
  if (fault && parsed.data.NODE_ENV === 'production') {
    throw new PaymentsConfigError(
      `PAYMENTS_FAULT=${fault} is for tests and previews only and is refused in production: unset it.`,
    );
  }
  return { fault, slowMs: parsed.data.PAYMENTS_SLOW_MS, brandsAccepted: parsed.data.CARD_BRANDS_ACCEPTED };
}
