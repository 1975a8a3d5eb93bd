/**
 * Each brand's email colours (decision 042): its header band and its action colour, from the site's
 * (src/styles/themes.scss). The band is always light, since the logo PNGs (public/email) draw their
 * words in dark ink; the brand's own colour runs along the band's top edge. Text sits on white or near-white in
 * light mode; the layout's dark-mode rules swap the page and card colours for clients that honour
 * `prefers-color-scheme`, and every colour pair passes WCAG AA in both.
 */
import type { Brand } from '@/domain/brands';

export interface EmailTheme {
  /** The header band behind the logo. */
  band: string;
  /** Buttons and links. */
  primary: string;
  /** Text on a button. */
  primaryContrast: string;
  /** The logo PNG's height at 160 px wide (public/email/logo-<brand>.png, drawn at 320). */
  logoHeight: number;
}

export const EMAIL_THEMES: Record<Brand, EmailTheme> = {
  tuppence: { band: '#ffffff', primary: '#0b5e57', primaryContrast: '#ffffff', logoHeight: 33 },
  dealhouse: { band: '#ffffff', primary: '#6b1a8f', primaryContrast: '#ffffff', logoHeight: 31 },
  treatly: { band: '#ffe6ee', primary: '#b0245f', primaryContrast: '#ffffff', logoHeight: 44 },
  fivepm: { band: '#ffffff', primary: '#17264a', primaryContrast: '#ffffff', logoHeight: 39 },
  vip: { band: '#faf6e8', primary: '#141414', primaryContrast: '#f3d37a', logoHeight: 27 },
  wellness: { band: '#f8f5ec', primary: '#4c6a50', primaryContrast: '#ffffff', logoHeight: 22 },
};

/** Shared ink and surfaces (light mode). */
export const INK = '#1f1f24';
export const MUTED = '#55555f';
export const PAGE = '#f3f3f5';
export const CARD = '#ffffff';
export const RULE = '#dedee3';
