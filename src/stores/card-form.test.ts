import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CARD_FIELD_MESSAGES } from '@/domain/card-details';
import { MESSAGES } from '@/domain/messages';
import { $cardForm, resetCardForm, setCardField, tokeniseCard, validateCardField, validateCardForm } from './card-form';

const now = new Date('2026-05-15T12:00:00Z');

function typeCard(fields: { number?: string; expiry?: string; cvv?: string; postcode?: string } = {}) {
  setCardField('number', fields.number ?? '4111111111111111', now);
  setCardField('expiry', fields.expiry ?? '1230', now);
  setCardField('cvv', fields.cvv ?? '123', now);
  setCardField('postcode', fields.postcode ?? 'ls1 4ap', now);
}

/** A fake fetch that records what was sent and answers with `status` and `body`. */
function fakeGateway(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const tokenised = {
  nonce: 'tokencc_abc',
  details: { cardType: 'Visa', lastFour: '1111', expiryMonth: '12', expiryYear: '2030' },
};

describe('$cardForm (the checkout card fields)', () => {
  beforeEach(() => {
    resetCardForm();
    keepMount($cardForm);
  });
  afterEach(() => {
    cleanStores($cardForm);
  });

  it('shows the number in groups, the expiry as MM/YY, the CVV as digits and the postcode in capitals', () => {
    typeCard({ number: '378282246310005', expiry: '0931', cvv: '12a34', postcode: 'ls1 4ap' });
    expect($cardForm.get().fields).toEqual({
      number: '3782 822463 10005',
      expiry: '09/31',
      cvv: '1234',
      postcode: 'LS1 4AP',
    });
  });

  it('spec 5: an empty form shows "Required field" under every input and a message for the live region', () => {
    expect(validateCardForm(now)).toBe(false);
    expect($cardForm.get().errors).toEqual({
      number: MESSAGES.requiredField,
      expiry: MESSAGES.requiredField,
      cvv: MESSAGES.requiredField,
      postcode: MESSAGES.requiredField,
    });
    expect($cardForm.get().message).toBe(CARD_FIELD_MESSAGES.checkDetails);
  });

  it('a field checked on leaving it shows its error, which goes as soon as it is corrected', () => {
    setCardField('number', '4111 1111 1111 1112', now);
    expect(validateCardField('number', now)).toBe(false);
    expect($cardForm.get().errors.number).toBe(CARD_FIELD_MESSAGES.numberInvalid);
    setCardField('number', '4111 1111 1111 1111', now);
    expect($cardForm.get().errors.number).toBeUndefined();
  });

  it.each([
    ['an expiry in the past', { expiry: '04/26' }, 'expiry', CARD_FIELD_MESSAGES.cardExpired],
    ['a 3-digit CVV on an Amex', { number: '378282246310005', cvv: '123' }, 'cvv', CARD_FIELD_MESSAGES.cvvInvalidAmex],
    ['a postcode that is not a UK one', { postcode: '20000' }, 'postcode', MESSAGES.enterValidPostcode],
  ] as const)('%s is refused before anything is sent', async (_name, fields, field, message) => {
    typeCard(fields);
    const gateway = fakeGateway(200, tokenised);
    expect(await tokeniseCard('http://localhost:4322', gateway.fetchImpl, now)).toEqual({
      ok: false,
      message: CARD_FIELD_MESSAGES.checkDetails,
    });
    expect($cardForm.get().errors[field]).toBe(message);
    expect(gateway.calls).toHaveLength(0);
  });

  it('posts only to the gateway URL, without cookies, and hands back the nonce', async () => {
    typeCard();
    const gateway = fakeGateway(200, tokenised);
    expect(await tokeniseCard('https://gateway.example/', gateway.fetchImpl, now)).toEqual({
      ok: true,
      ...tokenised,
    });
    expect(gateway.calls).toHaveLength(1);
    const [call] = gateway.calls;
    expect(call?.url).toBe('https://gateway.example/bt/tokenize');
    expect(call?.init?.credentials).toBe('omit');
    expect(JSON.parse(String(call?.init?.body))).toEqual({
      number: '4111111111111111',
      expiryMonth: 12,
      expiryYear: 2030,
      cvv: '123',
      postcode: 'LS1 4AP',
    });
    expect($cardForm.get().status).toBe('tokenised');
  });

  it('a double click tokenises once', async () => {
    typeCard();
    const gateway = fakeGateway(200, tokenised);
    const [a, b] = await Promise.all([
      tokeniseCard('http://localhost:4322', gateway.fetchImpl, now),
      tokeniseCard('http://localhost:4322', gateway.fetchImpl, now),
    ]);
    expect(a).toEqual(b);
    expect(gateway.calls).toHaveLength(1);
  });

  it.each([
    ['the gateway is unreachable (503)', 503, { message: 'x', status: 503 }, MESSAGES.providerUnreachable],
    [
      'the gateway refuses the card (400)',
      400,
      { message: 'The security code must be 3 or 4 digits.', status: 400 },
      'The security code must be 3 or 4 digits.',
    ],
    ['the gateway breaks (500)', 500, { message: 'Internal', status: 500 }, MESSAGES.paymentFailed],
  ])('%s: the shopper sees a message and no nonce', async (_name, status, body, message) => {
    typeCard();
    const gateway = fakeGateway(status, body);
    expect(await tokeniseCard('http://localhost:4322', gateway.fetchImpl, now)).toEqual({ ok: false, message });
    expect($cardForm.get()).toMatchObject({ status: 'failed', message });
  });

  it('no answer at all (offline, refused connection): "We couldn\'t contact the payment provider right now..."', async () => {
    typeCard();
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await tokeniseCard('http://localhost:4322', offline, now)).toEqual({
      ok: false,
      message: MESSAGES.providerUnreachable,
    });
  });
});
