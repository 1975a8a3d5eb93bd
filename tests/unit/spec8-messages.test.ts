/**
 * spec 8 Error catalogue: every message has its place. Each message the spec shows to users is
 * quoted exactly in src/domain/messages.ts and used by at least one source file (so a message can
 * never again be "defined and never shown"); each internal one is written where its situation arises,
 * or docs/decisions/060 says why that situation cannot arise here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOGGED } from '../../src/domain/logged-messages';
import { creditAlreadyReceivedMessage, creditAppliedMessage, MESSAGES } from '../../src/domain/messages';
import { PATH_RULE_MESSAGES } from '../../src/domain/page-type';

const root = path.resolve(import.meta.dirname, '../..');

/** Every non-test source file under src/, with its text. */
function sourceFiles(): Array<{ file: string; text: string }> {
  const found: Array<{ file: string; text: string }> = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx|astro|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        found.push({ file: path.relative(root, full), text: readFileSync(full, 'utf8') });
      }
    }
  };
  walk(path.join(root, 'src'));
  return found;
}

const sources = sourceFiles();
const CATALOGUES = ['src/domain/messages.ts', 'src/domain/logged-messages.ts'];

/** The source files (catalogues aside) whose text matches. */
function filesMatching(pattern: RegExp): string[] {
  return sources.filter(({ file, text }) => !CATALOGUES.includes(file) && pattern.test(text)).map(({ file }) => file);
}

/** spec 8 "Shown to users" (and spec 5's long invalid-email message, named with them), by key. */
const SHOWN: ReadonlyArray<readonly [keyof typeof MESSAGES, string]> = [
  ['somethingWentWrong', 'Something went wrong. Please try again.'],
  ['anErrorOccured', 'An error occured'],
  ['purchaseNotCompleted', 'An error occured, your purchase has not been completed.'],
  ['unexpectedError', 'An unexpected error occured. Please try again later.'],
  ['subscriptionError', 'Error on user subscription.'],
  ['paymentFailed', 'Payment failed.'],
  [
    'paymentDidNotGoThrough',
    'Unfortunately, your payment did not go through. Please try again or select a different payment method.',
  ],
  [
    'paymentProblemOrderNotPlaced',
    'There was a problem with your payment and your order has not been placed. Please check your details and try again. If the issue persists please contact us for assistance.',
  ],
  [
    'requestProblemContinue',
    'We had a problem completing your request, please continue your purchase or try again later.',
  ],
  ['providerUnreachable', "We couldn't contact the payment provider right now. Please pay using Visa or Mastercard."],
  ['expressBuyRefused', 'Requested deal cannot be purchased via Express Buy.'],
  ['tryDifferentMethod', 'Sorry please try a different payment method.'],
  ['tryCheckoutInstead', 'Please try our checkout service instead.'],
  ['invalidGoogleToken', 'Invalid google token id'],
  ['emailNotRegistered', "Email wasn't registered"],
  [
    'bankNoResponse',
    "We tried to take payment but didn't get a response from your Bank. Try a different card or use Paypal and then try again.",
  ],
  ['mapProblem', 'Sorry there was a problem.'],
  ['creditOfferInvalid', 'Sorry, this offer link is no longer valid.'],
  ['creditLoginToClaim', 'Please log in to claim your credit.'],
  ['creditUnavailable', 'Unable to process credit at this time. Please try again later.'],
  ['connectionTimeout', 'Connection timeout'],
  ['invalidEmailLong', 'Invalid Email. Please enter a valid email address'],
];

describe('spec 8 messages shown to users', () => {
  it.each(SHOWN)('%s is quoted exactly and shown from the shop’s own code', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
    expect(filesMatching(new RegExp(`\\bMESSAGES\\.${key}\\b`)), `MESSAGES.${key} is never used`).not.toEqual([]);
  });

  it('spec 8 credit toasts carry the amount and are shown by the credit claim', () => {
    expect(creditAppliedMessage('£5.00')).toBe(
      "Your £5.00 credit has been applied to your account. You'll see it when you get to checkout!",
    );
    expect(creditAlreadyReceivedMessage('€5.00')).toBe("You've already received your €5.00 credit from this offer.");
    expect(filesMatching(/\bcreditAppliedMessage\(/)).not.toEqual([]);
    expect(filesMatching(/\bcreditAlreadyReceivedMessage\(/)).not.toEqual([]);
  });

  it('spec 5 / 8: the spelling is the spec’s ("occured")', () => {
    expect(Object.values(MESSAGES).filter((message) => message.includes('occured'))).toHaveLength(3);
    expect(Object.values(MESSAGES).some((message) => message.includes('occurred'))).toBe(false);
  });
});

/** spec 8 "Internal or logged": where each is written (a catalogue key, or the text in a log call). */
const INTERNAL: ReadonlyArray<readonly [string, RegExp]> = [
  [PATH_RULE_MESSAGES.unsupportedPageType, /new PathRuleError\('unsupportedPageType'\)/],
  [PATH_RULE_MESSAGES.evergreenWithoutDealId, /new PathRuleError\('evergreenWithoutDealId'\)/],
  [PATH_RULE_MESSAGES.unparsableDealTypeOrLocation, /new PathRuleError\('unparsableDealTypeOrLocation'\)/],
  [PATH_RULE_MESSAGES.emptyPath, /new PathRuleError\('emptyPath'\)/],
  [PATH_RULE_MESSAGES.fullUrl, /new PathRuleError\('fullUrl'\)/],
  [MESSAGES.noBasketToken, /'noBasketToken'|\bMESSAGES\.noBasketToken\b/],
  [MESSAGES.noWishListId, /\bMESSAGES\.noWishListId\b/],
  [LOGGED.basketCreationFailed, /\bLOGGED\.basketCreationFailed\b/],
  [LOGGED.basketOperationFailed, /\bLOGGED\.basketOperationFailed\b/],
  [LOGGED.basketTokenMismatch, /\bLOGGED\.basketTokenMismatch\b/],
  [LOGGED.menuLoadFailed, /\bLOGGED\.menuLoadFailed\b/],
  ['no sponsored deal entry for: {id}', /`no sponsored deal entry for: \$\{/],
  ['Tiles api error: {error}', /`Tiles api error: \$\{/],
  ['Tiles api unexpected data', /'Tiles api unexpected data'/],
  ['DTM has not loaded correctly', /'DTM has not loaded correctly'/],
];

/** Internal messages whose situation this shop cannot meet; docs/decisions/060 gives each reason. */
const CANNOT_ARISE = ['Basket token cannot be undefined.', 'user object was not passed'];

describe('spec 8 internal or logged messages', () => {
  it('the catalogues quote the spec exactly', () => {
    expect(PATH_RULE_MESSAGES).toEqual({
      unsupportedPageType: 'Unsupported page type',
      evergreenWithoutDealId: 'dealIdOverride must be specified on Evergreen path',
      unparsableDealTypeOrLocation: 'Unable to parse deal type / location',
      emptyPath: 'Empty string received',
      fullUrl: 'This function does not accept full URL...',
    });
    expect(MESSAGES.noBasketToken).toBe('No Basket Token');
    expect(MESSAGES.noWishListId).toBe('No Wish List ID');
    expect(LOGGED.basketCreationFailed).toBe('Basket Creation Failed');
    expect(LOGGED.basketOperationFailed).toBe('Basket token or operation failed.');
  });

  it.each(INTERNAL)('"%s" is written where its situation arises', (_message, use) => {
    expect(filesMatching(use)).not.toEqual([]);
  });

  it.each(CANNOT_ARISE)('"%s" cannot arise here, and decision 060 says why', (message) => {
    const decisions = readdirSync(path.join(root, 'docs/decisions')).filter((name) => name.startsWith('060-'));
    expect(decisions).toHaveLength(1);
    const record = readFileSync(path.join(root, 'docs/decisions', decisions[0] ?? ''), 'utf8');
    expect(record).toContain(message);
    expect(filesMatching(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toEqual([]);
  });
});
