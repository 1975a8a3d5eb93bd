/**
 * spec 5 cookie consent: a category is allowed unless it is listed as denied; marketing needs the
 * explicit group C0004:1. The choice is kept in the spec 3 consent cookie, written in the shape
 * consent platforms use (`groups=C0001:1,C0002:1,C0003:0,C0004:0`), so a platform can take it over.
 * Pure: the banner (browser), the campaign endpoint and the analytics loader all read it here.
 */

/** The consent groups, by meaning. C0001 (strictly necessary) can never be refused. */
export const CONSENT_GROUPS = {
  necessary: 'C0001',
  performance: 'C0002',
  functional: 'C0003',
  marketing: 'C0004',
} as const;
export type ConsentCategory = keyof typeof CONSENT_GROUPS;
export const OPTIONAL_CATEGORIES = ['performance', 'functional', 'marketing'] as const;
export type OptionalCategory = (typeof OPTIONAL_CATEGORIES)[number];

export const CONSENT_COOKIE = 'consent';
/** spec 9's 182-day lifetime: the one listed lifetime no other cookie takes (six months). */
export const CONSENT_LIFETIME_DAYS = 182;

/** A parsed consent cookie: each group's 0/1, and whether a choice was made at all. */
export interface Consent {
  decided: boolean;
  groups: Readonly<Partial<Record<string, boolean>>>;
}

export const UNDECIDED: Consent = { decided: false, groups: {} };

/** Reads the cookie value (URL-encoded or not); anything unreadable is "no choice yet". */
export function parseConsent(value: string | null | undefined): Consent {
  let text = '';
  try {
    text = decodeURIComponent(value ?? '');
  } catch {
    return UNDECIDED;
  }
  const groups: Record<string, boolean> = {};
  for (const [, group = '', on] of /(?:^|&)groups=[^&]*/.exec(text)?.[0].matchAll(/(C\d{4}):([01])/g) ?? []) {
    groups[group] = on === '1';
  }
  return Object.keys(groups).length === 0 ? UNDECIDED : { decided: true, groups };
}

/**
 * spec 5: a category is allowed unless it is listed as denied (a group at 0); marketing is the
 * exception and needs C0004:1. Strictly necessary is always allowed.
 */
export function isAllowed(consent: Consent, category: ConsentCategory): boolean {
  const group = CONSENT_GROUPS[category];
  if (category === 'necessary') return true;
  if (category === 'marketing') return consent.groups[group] === true;
  return consent.groups[group] !== false;
}

/** The cookie value for a choice (necessary always 1). */
export function formatConsent(choice: Readonly<Record<OptionalCategory, boolean>>): string {
  const groups = [
    `${CONSENT_GROUPS.necessary}:1`,
    ...OPTIONAL_CATEGORIES.map((category) => `${CONSENT_GROUPS[category]}:${choice[category] ? 1 : 0}`),
  ];
  return `groups=${groups.join(',')}`;
}

/** The choice a parsed cookie stands for, for ticking the banner's boxes. */
export function choiceOf(consent: Consent): Record<OptionalCategory, boolean> {
  return {
    performance: isAllowed(consent, 'performance'),
    functional: isAllowed(consent, 'functional'),
    marketing: isAllowed(consent, 'marketing'),
  };
}

/** Reads one cookie from a `document.cookie` / Cookie header string. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}
