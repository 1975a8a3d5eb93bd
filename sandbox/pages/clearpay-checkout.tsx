/**
 * Clearpay's checkout page in its sandbox, /clearpay/checkout/{token} (PAYMENTS.md): step 1 the SMS
 * code (111111 passes), step 2 the card for the 4 instalments (CVV 000 approves, 051 declines), then
 * back to the shop's checkout with pm_status approved (and the order token), declined, or cancelled.
 * Plain forms that post here (post, redirect, get), so it works without JavaScript. The card is
 * checked, never kept.
 */
import { type ClearpayPageAnswer, cancelClearpayCheckout, payClearpayByCard, verifyClearpaySms } from '../clearpay';
import { CLEARPAY_APPROVING_CVV, CLEARPAY_DECLINING_CVV, CLEARPAY_SMS_CODE } from '../pay-later-config';
import { type PayLaterSession, retrieveSession } from '../pay-later-sessions';
import type { SandboxContext } from '../routes/context';
import { PayLaterSessionPage, TextField } from './PayLaterLayout';
import { afterStep, formOf, page } from './render';

type Errors = Extract<ClearpayPageAnswer, { kind: 'error' }>['errors'];

function CodeStep({ errors }: { errors: Errors }) {
  return (
    <form method="post" noValidate>
      <p>We sent a 6-digit code by text message to the phone on your Clearpay account.</p>
      <TextField
        id="clearpay-code"
        name="code"
        label="SMS code"
        hint={<>Sandbox: the code is {CLEARPAY_SMS_CODE}.</>}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus
        error={errors.code}
      />
      <button className="primary" type="submit" name="action" value="sms">
        Verify
      </button>
    </form>
  );
}

function CardStep({ errors, typed }: { errors: Errors; typed: { number: string; expiry: string } }) {
  const firstError = (['code', 'number', 'expiry', 'cvv'] as const).find((name) => errors[name]);
  return (
    <form method="post" noValidate>
      <p className="hint" id="clearpay-card-hint">
        Sandbox: any test card; CVV {CLEARPAY_APPROVING_CVV} approves, {CLEARPAY_DECLINING_CVV} declines.
      </p>
      <TextField
        id="clearpay-number"
        name="number"
        label="Card number"
        describedBy="clearpay-card-hint"
        inputMode="numeric"
        autoComplete="cc-number"
        autoFocus={firstError === undefined || firstError === 'number'}
        defaultValue={typed.number}
        error={errors.number}
      />
      <div className="row">
        <div>
          <TextField
            id="clearpay-expiry"
            name="expiry"
            label="Expiry (MM/YY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            autoFocus={firstError === 'expiry'}
            defaultValue={typed.expiry}
            error={errors.expiry}
          />
        </div>
        <div>
          <TextField
            id="clearpay-cvv"
            name="cvv"
            label="Security code (CVV)"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            autoFocus={firstError === 'cvv'}
            error={errors.cvv}
          />
        </div>
      </div>
      <button className="primary" type="submit" name="action" value="card">
        Confirm payment plan
      </button>
    </form>
  );
}

function ClearpayPage({
  session,
  errors,
  typed,
}: {
  session: PayLaterSession | null;
  errors: Errors;
  typed: { number: string; expiry: string };
}) {
  const open = session?.step === 'code' ? 'Pay in 4 with Clearpay' : 'Add your card';
  return (
    <PayLaterSessionPage
      provider="clearpay"
      session={session}
      headings={{ unknown: 'Checkout not found', ended: 'This Clearpay checkout has ended', open }}
      unknownText="There is no Clearpay checkout with this token. Go back to the shop and start again."
    >
      {session?.step === 'code' && <CodeStep errors={errors} />}
      {session?.step === 'card' && <CardStep errors={errors} typed={typed} />}
    </PayLaterSessionPage>
  );
}

/** GET shows the checkout's step; POST moves it on, then shows the next step or goes back to the shop. */
export async function clearpayPage(request: Request, context: SandboxContext, token: string): Promise<Response> {
  const db = await context.db();
  let errors: Errors = {};
  let typed = { number: '', expiry: '' };
  if (request.method === 'POST') {
    const field = await formOf(request);
    let answer: ClearpayPageAnswer = { kind: 'step' };
    switch (field('action')) {
      case 'sms':
        answer = await verifyClearpaySms(db, token, field('code'));
        break;
      case 'card':
        // Typed back into the form after an error, except the CVV (as card forms do).
        typed = { number: field('number'), expiry: field('expiry') };
        answer = await payClearpayByCard(db, token, { ...typed, cvv: field('cvv') });
        break;
      case 'cancel':
        answer = await cancelClearpayCheckout(db, token);
        break;
    }
    const next = afterStep(request, answer);
    if (next !== null) return next;
    if (answer.kind === 'error') errors = answer.errors;
  }
  const session = await retrieveSession(db, 'clearpay', token);
  const status = session === null ? 404 : Object.keys(errors).length > 0 ? 422 : 200;
  return page(<ClearpayPage session={session} errors={errors} typed={typed} />, context, status);
}
