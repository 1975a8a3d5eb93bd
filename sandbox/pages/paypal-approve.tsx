/**
 * The PayPal sandbox's approval page, /paypal/approve?id= (PAYMENTS.md "PayPal, Apple Pay, Google
 * Pay"): the buyer logs in with a sandbox account and approves or cancels the payment the shop
 * created, then goes back to the shop's return URL with pm_status (and, approved, pm_token: a
 * one-time nonce). A plain form post, so it works without JavaScript. An unknown or expired payment
 * gets an error page whose link goes back to the shop's checkout, not to this sandbox.
 */
import { plainText } from '@/contracts/text';
import { formatMoney } from '@/domain/money';
import { seeOther } from '../http';
import {
  approvePayPalPayment,
  cancelPayPalPayment,
  findPayPalPayment,
  type PayPalDecision,
  type PayPalPayment,
  SANDBOX_BUYER_EMAIL,
} from '../paypal';
import type { SandboxContext } from '../routes/context';
import PayPalLayout from './PayPalLayout';
import { formOf, page } from './render';

/** The sandbox logs in any buyer with an email's shape and a password. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

type Problem = Extract<PayPalDecision, { ok: false }>['problem'];

function ProblemPage({ problem, checkoutUrl }: { problem: Problem; checkoutUrl: string }) {
  return (
    <PayPalLayout title="PayPal sandbox: payment not found">
      <h1>{problem === 'used' ? 'This payment is already finished' : 'We could not find this payment'}</h1>
      <p>
        {problem === 'used'
          ? 'It was already approved or cancelled, so there is nothing left to do here.'
          : 'The link may be wrong, or the payment expired (PayPal keeps an unapproved payment for 3 hours).'}
      </p>
      <p>
        <a href={checkoutUrl}>Return to Tuppence checkout</a>
      </p>
    </PayPalLayout>
  );
}

function ApprovalPage({
  payment,
  email,
  loginError,
}: {
  payment: PayPalPayment;
  email: string;
  loginError: string | null;
}) {
  const amount = formatMoney({
    amountMinor: payment.amountMinor,
    currency: payment.currency === 'EUR' ? 'EUR' : 'GBP',
  });
  const credit = payment.details.credit === true;
  const invalid = loginError !== null ? 'true' : undefined;
  const describedBy = loginError !== null ? 'approve-error' : undefined;
  return (
    <PayPalLayout title={`PayPal sandbox: pay Tuppence ${amount}`}>
      <h1>Pay Tuppence {amount}</h1>
      <dl className="approve__summary">
        <div>
          <dt>Merchant</dt>
          <dd>Tuppence</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{amount}</dd>
        </div>
        <div>
          <dt>Pay with</dt>
          <dd>{credit ? 'PayPal Credit' : 'PayPal'}</dd>
        </div>
      </dl>
      {credit && (
        <p className="approve__note">PayPal Credit is subject to status. You can apply or use your credit line here.</p>
      )}
      {payment.details.flow === 'vault' && (
        <p className="approve__note">Tuppence will also keep this PayPal account to pay with next time.</p>
      )}
      <form method="post" className="approve__form" noValidate>
        <input type="hidden" name="id" value={payment.id} />
        <h2 className="approve__login">Log in with a sandbox buyer</h2>
        {loginError !== null && (
          <p id="approve-error" className="approve__error" role="alert">
            {loginError}
          </p>
        )}
        <label htmlFor="approve-email">Email</label>
        <input
          id="approve-email"
          name="email"
          type="email"
          autoComplete="username"
          required
          autoFocus={loginError !== null}
          defaultValue={email}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        />
        <label htmlFor="approve-password">Password</label>
        <input
          id="approve-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          defaultValue="sandbox-password"
          aria-invalid={invalid}
          aria-describedby={describedBy}
        />
        <button className="approve__agree" type="submit" name="decision" value="approve">
          Agree and continue
        </button>
        <button className="approve__cancel" type="submit" name="decision" value="cancel" formNoValidate>
          Cancel and return to Tuppence
        </button>
      </form>
    </PayPalLayout>
  );
}

/** GET shows the payment; POST approves (after the sandbox login) or cancels it, then goes back to the shop. */
export async function payPalApprovePage(request: Request, context: SandboxContext): Promise<Response> {
  const db = await context.db();
  let id = plainText(new URL(request.url).searchParams.get('id')).slice(0, 100);
  let email = SANDBOX_BUYER_EMAIL;
  let loginError: string | null = null;
  let problem: Problem | null = null;

  if (request.method === 'POST') {
    const field = await formOf(request);
    id = (field('id') || id).slice(0, 100);
    let result: PayPalDecision | null = null;
    if (field('decision') === 'cancel') {
      result = await cancelPayPalPayment(db, id);
    } else {
      email = field('email').trim().slice(0, 254);
      if (!EMAIL_SHAPE.test(email) || field('password') === '') {
        loginError = 'Enter your sandbox PayPal email address and password to log in.';
      } else {
        result = await approvePayPalPayment(db, { id, email });
      }
    }
    if (result?.ok) return seeOther(result.redirectTo);
    if (result !== null && !result.ok) problem = result.problem;
  }

  const payment = problem === null ? await findPayPalPayment(db, id) : null;
  if (problem === null && payment === null) problem = 'unknown';
  if (problem === null && payment !== null && payment.status !== 'created' && payment.status !== 'approved') {
    problem = 'used';
  }
  if (problem !== null || payment === null) {
    // Back to the checkout the payment came from, or the shop's first origin when it is unknown.
    const shop = payment === null ? context.site.shopOrigins[0] : new URL(payment.details.returnUrl).origin;
    return page(
      <ProblemPage problem={problem ?? 'unknown'} checkoutUrl={`${shop}/checkout`} />,
      context,
      problem === 'used' ? 409 : 404,
    );
  }
  return page(
    <ApprovalPage payment={payment} email={email} loginError={loginError} />,
    context,
    loginError !== null ? 422 : 200,
  );
}
