/**
 * The card issuer's 3-D Secure challenge page, /3ds/challenge/{id} (PAYMENTS.md "3-D Secure 2";
 * docs/decisions/043-three-d-secure.md): on the sandbox's own origin, as a real issuer's access
 * control server's is, framed by the shop's modal. It asks for the one-time code (123456 here), then
 * says in words how the check ended. A plain form that posts here (post, redirect, get), so it works
 * without JavaScript; with it, the ended page's script file tells the framing shop page how it ended
 * (postMessage to the origin named at authenticate). Framing is allowed to that shop origin only.
 */
import type { ReactNode } from 'react';
import type { ThreeDSecureStatus } from '@/contracts/three-d-secure';
import type { ThreeDSecureRow } from '../db/schema';
import { seeOther } from '../http';
import type { SandboxContext } from '../routes/context';
import { THREE_D_SECURE_CHALLENGE_CODE, THREE_D_SECURE_PHONE_ENDING } from '../test-data';
import { answerChallenge, cancelAuthentication, findAuthentication, isExpired } from '../three-d-secure';
import { formOf, page } from './render';

/** How each ended check reads to the cardholder. */
const ENDINGS: Readonly<Record<Exclude<ThreeDSecureStatus, 'challenge_required'>, { heading: string; text: string }>> =
  {
    authenticated: {
      heading: 'Payment confirmed',
      text: "Your bank has confirmed it's you. Go back to Tuppence to finish paying.",
    },
    attempted: {
      heading: 'Payment noted by your bank',
      text: 'Your bank could not check this payment itself but has recorded it. Go back to Tuppence to finish paying.',
    },
    failed: {
      heading: "We couldn't confirm it's you",
      text: 'Your bank could not confirm this payment, so it will not go ahead. Go back to Tuppence and pay with another card or another way.',
    },
    abandoned: {
      heading: 'Check cancelled',
      text: 'You cancelled the check, so this payment will not go ahead. Go back to Tuppence to try again or pay another way.',
    },
    unavailable: {
      heading: "Your bank can't check this payment",
      text: 'Your bank cannot check this payment right now, so it will not go ahead. Go back to Tuppence and pay another way.',
    },
    error: {
      heading: 'Something went wrong at your bank',
      text: 'The check could not be completed, so this payment will not go ahead. Go back to Tuppence and try again.',
    },
  };

function IssuerPage({
  title,
  withScript = false,
  children,
}: {
  title: string;
  withScript?: boolean;
  children: ReactNode;
}) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${title} | Sandbox Bank`}</title>
        <link rel="stylesheet" href="/assets/three-d-secure.css" />
        {withScript && <script src="/assets/challenge-complete.js" defer />}
      </head>
      <body>
        <header className="bank-bar">
          <p className="bank-bar__name">Sandbox Bank</p>
          <p className="bank-bar__note">3-D Secure test page: no real money moves.</p>
        </header>
        <main className="challenge" id="main">
          {children}
        </main>
      </body>
    </html>
  );
}

/** The amount to the penny, in any currency the shop asked about. */
function amountOf(authentication: ThreeDSecureRow): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: authentication.currency }).format(
    authentication.amountMinor / 100,
  );
}

function PaymentSummary({ authentication }: { authentication: ThreeDSecureRow }) {
  return (
    <dl className="payment">
      <dt>Merchant</dt>
      <dd>Tuppence</dd>
      <dt>Amount</dt>
      <dd>{amountOf(authentication)}</dd>
      <dt>Card</dt>
      <dd>
        {authentication.cardType}
        {authentication.lastFour ? ` ending ${authentication.lastFour}` : ''}
      </dd>
    </dl>
  );
}

function ChallengeStep({ authentication, error }: { authentication: ThreeDSecureRow; error: string | null }) {
  const describedBy = error ? 'challenge-instructions challenge-code-error' : 'challenge-instructions';
  return (
    <>
      <h1>Confirm it's you</h1>
      <PaymentSummary authentication={authentication} />
      <p id="challenge-instructions">
        Enter the 6-digit code we sent to your phone ending {THREE_D_SECURE_PHONE_ENDING}. In this sandbox the code is{' '}
        {THREE_D_SECURE_CHALLENGE_CODE}.
      </p>
      <form method="post" noValidate>
        <label htmlFor="challenge-code">Verification code</label>
        <input
          id="challenge-code"
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          autoFocus
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={describedBy}
        />
        {error && (
          <p className="error" id="challenge-code-error" role="alert">
            {error}
          </p>
        )}
        <div className="actions">
          <button className="primary" type="submit" name="action" value="submit">
            Submit
          </button>
          <button className="secondary" type="submit" name="action" value="cancel">
            Cancel
          </button>
        </div>
      </form>
    </>
  );
}

function Ended({ authentication }: { authentication: ThreeDSecureRow }) {
  const status = authentication.status as Exclude<ThreeDSecureStatus, 'challenge_required'>;
  const ending = ENDINGS[status];
  return (
    <section
      className="result"
      data-three-d-secure-result=""
      data-authentication-id={authentication.id}
      data-status={status}
      data-return-origin={authentication.returnOrigin}
    >
      <h1>{ending.heading}</h1>
      <PaymentSummary authentication={authentication} />
      <p>{ending.text}</p>
    </section>
  );
}

/** The page for an authentication: its challenge, how it ended, or that it is unknown or expired. */
function challengePageOf(authentication: ThreeDSecureRow | null, error: string | null, now: Date) {
  if (authentication === null) {
    const element = (
      <IssuerPage title="Check not found">
        <h1>Check not found</h1>
        <p>There is no payment check with this link. Go back to Tuppence and try again.</p>
      </IssuerPage>
    );
    return { element, status: 404 };
  }
  if (isExpired(authentication, now)) {
    const element = (
      <IssuerPage title="Check expired">
        <h1>This check has expired</h1>
        <p>A payment check lasts 15 minutes. Go back to Tuppence and try again.</p>
      </IssuerPage>
    );
    return { element, status: 410 };
  }
  if (authentication.status === 'challenge_required') {
    const element = (
      <IssuerPage title="Confirm it's you" withScript>
        <ChallengeStep authentication={authentication} error={error} />
      </IssuerPage>
    );
    return { element, status: error === null ? 200 : 422, scripts: true };
  }
  const ending = ENDINGS[authentication.status as Exclude<ThreeDSecureStatus, 'challenge_required'>];
  const element = (
    <IssuerPage title={ending.heading} withScript>
      <Ended authentication={authentication} />
    </IssuerPage>
  );
  return { element, status: 200, scripts: true };
}

/**
 * GET shows the challenge or how it ended; POST answers it (Submit with the code, or Cancel), then
 * shows how it ended (303 to this page) or the code's error (422).
 */
export async function threeDSecureChallengePage(
  request: Request,
  context: SandboxContext,
  id: string,
): Promise<Response> {
  const db = await context.db();
  const now = new Date();
  let error: string | null = null;
  if (request.method === 'POST') {
    const field = await formOf(request);
    const here = new URL(request.url).pathname;
    if (field('action') === 'cancel') {
      await cancelAuthentication(db, id, now);
      return seeOther(here);
    }
    const step = await answerChallenge(db, id, field('code').replace(/\s/g, ''), now);
    if (step.kind === 'ended' || step.kind === 'closed') return seeOther(here);
    error =
      step.kind === 'malformed'
        ? 'Enter the 6-digit code: six numbers, no spaces.'
        : `That code is not right. You have ${step.triesLeft} ${step.triesLeft === 1 ? 'try' : 'tries'} left.`;
  }
  const authentication = await findAuthentication(db, id);
  const { element, status, scripts = false } = challengePageOf(authentication, error, now);
  // Framed by the shop page that asked (its origin, checked at authenticate); by the shop's origins
  // when there is no such check, so the modal can still say so.
  const frameAncestors = authentication ? [authentication.returnOrigin] : context.site.shopOrigins;
  return page(element, context, status, { frameAncestors, scripts });
}
