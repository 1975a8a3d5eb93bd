import { describe, expect, it } from 'vitest';
import type { ThreeDSecureLookupAnswer, ThreeDSecureStatus } from '@/contracts/three-d-secure';
import { checkThreeDSecure, type ThreeDSecureVerdict } from './three-d-secure';

const payment = { nonce: 'tokencc_abc', amountMinor: 2599, currency: 'GBP' };

function lookup(over: Partial<Extract<ThreeDSecureLookupAnswer, { found: true }>> = {}): ThreeDSecureLookupAnswer {
  return {
    found: true,
    authenticationId: '3ds_1',
    nonce: payment.nonce,
    paymentMethodToken: null,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    status: 'authenticated',
    liabilityShifted: true,
    eci: '05',
    ...over,
  };
}

describe('PAYMENTS.md "3-D Secure 2": the shop checks the authentication before a card sale', () => {
  it.each<[string, ThreeDSecureLookupAnswer, ThreeDSecureVerdict]>([
    [
      'frictionless, authenticated for this card and amount: goes on, liability shifted',
      lookup(),
      { ok: true, result: { status: 'authenticated', liabilityShifted: true } },
    ],
    [
      'attempted: goes on (liability shifts)',
      lookup({ status: 'attempted', liabilityShifted: true, eci: '06' }),
      { ok: true, result: { status: 'attempted', liabilityShifted: true } },
    ],
    ['unknown to the gateway', { found: false }, { ok: false, problem: 'not_found' }],
    ['for another card', lookup({ nonce: 'tokencc_other' }), { ok: false, problem: 'other_nonce' }],
    ['for another amount', lookup({ amountMinor: 2600 }), { ok: false, problem: 'other_amount' }],
    ['in another currency', lookup({ currency: 'EUR' }), { ok: false, problem: 'other_amount' }],
  ])('%s', (_, answer, verdict) => {
    expect(checkThreeDSecure(answer, payment)).toEqual(verdict);
  });

  describe('a payment on a saved card (instrument mode EXISTING)', () => {
    const onSavedCard = { nonce: '', paymentMethodToken: 'vault_card', amountMinor: 2599, currency: 'GBP' };
    const ofSavedCard = (over: Partial<Extract<ThreeDSecureLookupAnswer, { found: true }>> = {}) =>
      lookup({ nonce: 'tokenvc_minted', paymentMethodToken: 'vault_card', ...over });

    it.each<[string, ThreeDSecureLookupAnswer, ThreeDSecureVerdict]>([
      [
        'authenticated through a nonce minted from this card: goes on, liability shifted',
        ofSavedCard(),
        { ok: true, result: { status: 'authenticated', liabilityShifted: true } },
      ],
      [
        'authenticated for another saved card',
        ofSavedCard({ paymentMethodToken: 'vault_other' }),
        { ok: false, problem: 'other_saved_card' },
      ],
      ['authenticated for a card just typed in', lookup(), { ok: false, problem: 'other_saved_card' }],
      ['for another amount', ofSavedCard({ amountMinor: 100 }), { ok: false, problem: 'other_amount' }],
      [
        'a challenge still open',
        ofSavedCard({ status: 'challenge_required', liabilityShifted: false, eci: null }),
        { ok: false, problem: 'not_authenticated' },
      ],
    ])('%s', (_, answer, verdict) => {
      expect(checkThreeDSecure(answer, onSavedCard)).toEqual(verdict);
    });
  });

  it.each<ThreeDSecureStatus>(['failed', 'abandoned', 'unavailable', 'error', 'challenge_required'])(
    'an authentication that is %s is refused',
    (status) => {
      expect(checkThreeDSecure(lookup({ status, liabilityShifted: false }), payment)).toEqual({
        ok: false,
        problem: 'not_authenticated',
      });
    },
  );
});
