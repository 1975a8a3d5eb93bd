/** What every email is drawn with besides its own data (decision 042): who sends it and from where. */
import type { Brand } from '@/domain/brands';
import { pictureAt } from '@/domain/picture-sizes.mjs';
import type { TradingDetails } from '@/domain/trading';

export interface MailContext {
  /** The public origin: every link and picture is absolute on it. */
  origin: string;
  /** The message's subject, also its HTML part's <title> (WCAG 2.4.2: a page titled for what it is). */
  subject: string;
  brand: Brand;
  trading: TradingDetails;
  /** Marketing mail only: where the reader unsubscribes in one click and chooses what they get. */
  marketing: { unsubscribeUrl: string; preferencesUrl: string } | null;
}

/** An absolute URL on the public origin for a path (a full URL is kept as it is). */
export function absoluteUrl(context: Pick<MailContext, 'origin'>, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl)
    ? pathOrUrl
    : `${context.origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/**
 * A catalogue picture as a raster at `width` (decision 041), absolute on the public origin: mail
 * programs show no SVG, and the picture address answers JPEG to a client that does not ask for WebP.
 */
export function pictureUrl(context: Pick<MailContext, 'origin'>, path: string, width: 400 | 800 = 400): string {
  return absoluteUrl(context, pictureAt(path, width));
}
