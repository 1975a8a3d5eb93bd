/**
 * The 3-D Secure calls a shop's page makes from the shopper's browser, cross-origin like
 * `bt/tokenize` (PAYMENTS.md "3-D Secure 2"; src/contracts/three-d-secure.ts): POST 3ds/authenticate
 * with a tokenised card's nonce and the amount, GET 3ds/{id} for where it stands after a challenge,
 * and POST 3ds/{id}/cancel when the shopper closes the challenge. Each answers ThreeDSecureAnswer;
 * through the simulated network (PAYMENTS_FAULT).
 */
import { type ThreeDSecureAnswer, ThreeDSecureAuthenticateSchema } from '@/contracts/three-d-secure';
import type { ThreeDSecureRow } from '../db/schema';
import { answerGatewayRequest, answerOverNetwork } from '../endpoint';
import { apiError, json } from '../http';
import { authenticateCard, authenticationStatus, cancelChallenge } from '../index';
import { isShopUrl } from '../settings';
import { answerOf } from '../three-d-secure';
import type { SandboxContext } from './context';

const ENDPOINT = {
  schema: ThreeDSecureAuthenticateSchema,
  hint: 'Send JSON {nonce, amountMinor, currency, billing?, browser, returnOrigin}.',
  fallback: 'Check the authentication request.',
};

const UNKNOWN = 'No such 3-D Secure authentication, or it expired (an authentication lasts 15 minutes).';

function answered(authentication: ThreeDSecureRow | null, context: SandboxContext): Response {
  if (authentication === null) return apiError(404, UNKNOWN);
  const answer: ThreeDSecureAnswer = answerOf(authentication, context.site.publicUrl);
  return json(answer);
}

/** POST 3ds/authenticate: the issuer's answer for a nonce and amount (422 for a nonce it cannot authenticate). */
export function authenticateCall(request: Request, context: SandboxContext): Promise<Response> {
  const { db, env, site } = context;
  return answerGatewayRequest(request, ENDPOINT, async (input) => {
    // The challenge page tells this origin how it ended and may be framed by it: a shop's origin only.
    if (!isShopUrl(input.returnOrigin, site)) {
      return apiError(400, 'returnOrigin must be a shop origin this sandbox serves (SANDBOX_SHOP_ORIGINS).');
    }
    const started = await authenticateCard(
      await db(),
      {
        nonce: input.nonce,
        amountMinor: input.amountMinor,
        currency: input.currency,
        returnOrigin: new URL(input.returnOrigin).origin,
      },
      { env },
    );
    if (!started.ok) return apiError(422, started.message);
    return answered(started.authentication, context);
  });
}

/** GET 3ds/{id}: where the authentication stands now. */
export function authenticationStatusCall(_request: Request, context: SandboxContext, id: string): Promise<Response> {
  return answerOverNetwork(async () =>
    answered(await authenticationStatus(await context.db(), id, { env: context.env }), context),
  );
}

/** POST 3ds/{id}/cancel: the shopper closed the challenge; an open one is abandoned. */
export function cancelChallengeCall(_request: Request, context: SandboxContext, id: string): Promise<Response> {
  return answerOverNetwork(async () =>
    answered(await cancelChallenge(await context.db(), id, { env: context.env }), context),
  );
}
