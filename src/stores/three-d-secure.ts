/**
 * $threeDSecure: where the card's 3-D Secure authentication stands in this page (PAYMENTS.md
 * "3-D Secure 2"; docs/decisions/043-three-d-secure.md), for the checkout and the add-on page alike:
 *   - phase: idle -> authenticating (asking the issuer) -> challenged (the issuer's page is open in
 *     the challenge dialog) -> confirming (asking the gateway how the challenge ended) -> idle;
 *   - challenge: the issuer's page the dialog frames, while challenged;
 *   - announcement: what the live region says: what the bank asks, then how it ended.
 * The flow itself (the gateway calls) is src/islands/checkout/three-d-secure.ts; the dialog
 * (src/islands/checkout/ChallengeDialog.tsx) only reads this store and calls `abandonChallenge`.
 */
import { map } from 'nanostores';

export type ThreeDSecurePhase = 'idle' | 'authenticating' | 'challenged' | 'confirming';

export interface ChallengeView {
  authenticationId: string;
  /** The issuer's page, on the gateway's origin. */
  challengeUrl: string;
}

export interface ThreeDSecureState {
  phase: ThreeDSecurePhase;
  challenge: ChallengeView | null;
  announcement: string;
}

/** What the live region says at each turn. */
export const THREE_D_SECURE_COPY = {
  asked: "Your bank needs to confirm it's you. Its security check is open.",
  checking: 'Checking with your bank...',
  confirmed: "Your bank has confirmed it's you.",
  notConfirmed: "Your bank did not confirm it's you.",
  abandoned: "You closed your bank's security check.",
} as const;

export const $threeDSecure = map<ThreeDSecureState>({ phase: 'idle', challenge: null, announcement: '' });

/** An authentication starts: the issuer is asked, frictionless or not. */
export function startAuthentication(): void {
  $threeDSecure.set({ phase: 'authenticating', challenge: null, announcement: '' });
}

/** The issuer asks for a challenge: the dialog opens on its page. */
export function showChallenge(challenge: ChallengeView): void {
  $threeDSecure.set({ phase: 'challenged', challenge, announcement: THREE_D_SECURE_COPY.asked });
}

/** The challenge page said it has ended: the dialog closes while the gateway is asked how. */
export function confirmChallenge(): void {
  $threeDSecure.set({ phase: 'confirming', challenge: null, announcement: THREE_D_SECURE_COPY.checking });
}

/** The shopper closed the dialog (Escape or Cancel) before the challenge ended. */
export function abandonChallenge(): void {
  if ($threeDSecure.get().phase !== 'challenged') return;
  $threeDSecure.set({ phase: 'confirming', challenge: null, announcement: THREE_D_SECURE_COPY.abandoned });
}

/** The authentication is over; `announcement` says how, when the shopper saw a challenge. */
export function finishAuthentication(announcement = ''): void {
  $threeDSecure.set({ phase: 'idle', challenge: null, announcement });
}
