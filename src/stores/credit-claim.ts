/**
 * $creditToast: credit-claim links (spec 2 ?credit_validation=, spec 4 "Credit claim", spec 5
 * "digits only, else ignored", spec 8 credit toasts). Any page may be opened with the link: the code
 * is taken out of the address and kept in session storage; a signed-in shopper's claim is posted at
 * once, a guest is asked to log in and the code waits until they come back signed in.
 */
import { atom } from 'nanostores';
import { parseCreditValidation } from '@/domain/credit';
import { creditAlreadyReceivedMessage, creditAppliedMessage, MESSAGES } from '@/domain/messages';
import { formatMoney } from '@/domain/money';

export const CREDIT_CLAIM_STORAGE_KEY = 'tuppence.creditClaim';
export const CREDIT_CLAIM_PARAM = 'credit_validation';
/** Where the success toast's terms link goes. */
export const CREDIT_TERMS_URL = '/page/promo';

export interface CreditToast {
  tone: 'success' | 'info' | 'error';
  message: string;
  link: { href: string; text: string } | null;
}

export const $creditToast = atom<CreditToast | null>(null);

/** The browser pieces the claim uses, injectable for tests. */
export interface ClaimEnvironment {
  location: URL;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  replaceUrl: (url: URL) => void;
  post: (body: unknown) => Promise<Response>;
}

function browserEnvironment(): ClaimEnvironment {
  return {
    location: new URL(window.location.href),
    storage: window.sessionStorage,
    replaceUrl: (url) => window.history.replaceState(window.history.state, '', url),
    post: (body) =>
      fetch('/api/v1/user/campaign-credit-claim', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      }),
  };
}

function amountOf(payload: { creditAmount?: unknown; currency?: unknown }): string {
  const amountMinor = typeof payload.creditAmount === 'number' ? payload.creditAmount : 0;
  return formatMoney({ amountMinor, currency: payload.currency === 'EUR' ? 'EUR' : 'GBP' });
}

/**
 * Takes a code from the address into session storage (digits only; anything else is ignored and
 * left alone), then claims a waiting code. Returns the toast shown (also set on $creditToast).
 */
export async function claimPendingCredit(env: ClaimEnvironment = browserEnvironment()): Promise<CreditToast | null> {
  const raw = env.location.searchParams.get(CREDIT_CLAIM_PARAM);
  const fromAddress = parseCreditValidation(raw);
  if (fromAddress !== null) {
    try {
      env.storage.setItem(CREDIT_CLAIM_STORAGE_KEY, fromAddress);
    } catch {
      // Storage refused: the claim is still tried now.
    }
    const clean = new URL(env.location);
    clean.searchParams.delete(CREDIT_CLAIM_PARAM);
    env.replaceUrl(clean);
  }
  let code = fromAddress;
  try {
    code ??= parseCreditValidation(env.storage.getItem(CREDIT_CLAIM_STORAGE_KEY));
  } catch {
    // No storage: only a code in the address can be claimed.
  }
  if (code === null) return null;

  const show = (toast: CreditToast) => {
    $creditToast.set(toast);
    return toast;
  };
  const forget = () => {
    try {
      env.storage.removeItem(CREDIT_CLAIM_STORAGE_KEY);
    } catch {
      // Nothing kept.
    }
  };
  let response: Response;
  try {
    response = await env.post({ id: code });
  } catch {
    forget();
    return show({ tone: 'error', message: MESSAGES.creditUnavailable, link: null });
  }
  if (response.status === 401) {
    // spec 4: the code waits in session storage until the shopper has logged in.
    const back = env.location.pathname;
    const onSignInPage = /^\/(login|register)(\/|$)/.test(back);
    return show({
      tone: 'info',
      message: MESSAGES.creditLoginToClaim,
      link: onSignInPage ? null : { href: `/login?redirect=${encodeURIComponent(back)}`, text: 'Log in' },
    });
  }
  forget();
  const payload = (await response.json().catch(() => null)) as {
    status?: unknown;
    creditAmount?: unknown;
    currency?: unknown;
  } | null;
  // spec 7: statuses under 500 carry an answer; anything else is a failure.
  if (response.status >= 500 || payload === null) {
    return show({ tone: 'error', message: MESSAGES.creditUnavailable, link: null });
  }
  if (payload.status === 'SUCCESS') {
    return show({
      tone: 'success',
      message: creditAppliedMessage(amountOf(payload)),
      link: { href: CREDIT_TERMS_URL, text: 'Terms apply' },
    });
  }
  if (payload.status === 'ALREADY_CLAIMED') {
    return show({ tone: 'info', message: creditAlreadyReceivedMessage(amountOf(payload)), link: null });
  }
  return show({ tone: 'error', message: MESSAGES.creditOfferInvalid, link: null });
}

export function dismissCreditToast(): void {
  $creditToast.set(null);
}
