/**
 * Klarna's hosted payment page in the playground, /klarna/hpp/{id} (PAYMENTS.md): step 1 the
 * shopper's email, step 2 a one-time code (any 6 digits but 999999), then Klarna's decision sends
 * them back to the shop's checkout with pm_status approved (and the authorization token), denied, or
 * cancelled. Plain forms that post here (post, redirect, get), so it works without JavaScript.
 */
import {
  cancelKlarnaSession,
  changeKlarnaEmail,
  confirmKlarnaCode,
  identifyKlarnaShopper,
  type KlarnaPageAnswer,
} from '../klarna';
import { KLARNA_APPROVED_EMAIL, KLARNA_DENIED_EMAIL, KLARNA_FAILING_CODE } from '../pay-later-config';
import { type PayLaterSession, retrieveSession } from '../pay-later-sessions';
import type { SandboxContext } from '../routes/context';
import { PayLaterSessionPage, TextField } from './PayLaterLayout';
import { afterStep, formOf, page } from './render';

type FieldError = { field: 'email' | 'code'; message: string };

function IdentifyStep({
  session,
  typedEmail,
  error,
}: {
  session: PayLaterSession;
  typedEmail: string | null;
  error: FieldError | null;
}) {
  return (
    <form method="post" noValidate>
      <TextField
        id="klarna-email"
        name="email"
        label="Email address"
        hint={
          <>
            Playground: {KLARNA_APPROVED_EMAIL} is approved, {KLARNA_DENIED_EMAIL} is denied.
          </>
        }
        type="email"
        autoComplete="email"
        autoFocus
        defaultValue={typedEmail ?? session.email ?? ''}
        error={error?.field === 'email' ? error.message : null}
      />
      <button className="primary" type="submit" name="action" value="identify">
        Continue
      </button>
    </form>
  );
}

function CodeStep({ session, error }: { session: PayLaterSession; error: FieldError | null }) {
  return (
    <>
      <p>We sent a 6-digit code to {session.email}.</p>
      <form method="post" noValidate>
        <TextField
          id="klarna-code"
          name="code"
          label="Verification code"
          hint={<>Playground: any 6 digits work, except {KLARNA_FAILING_CODE}.</>}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          error={error?.field === 'code' ? error.message : null}
        />
        <button className="primary" type="submit" name="action" value="code">
          Confirm and pay
        </button>
      </form>
      <form method="post">
        <button className="secondary" type="submit" name="action" value="change-email">
          Use a different email
        </button>
      </form>
    </>
  );
}

function KlarnaPage({
  session,
  typedEmail,
  error,
}: {
  session: PayLaterSession | null;
  typedEmail: string | null;
  error: FieldError | null;
}) {
  const open = session?.step === 'identify' ? 'Pay in 3 with Klarna' : 'Confirm it’s you';
  return (
    <PayLaterSessionPage
      provider="klarna"
      session={session}
      headings={{ unknown: 'Session not found', ended: 'This Klarna session has ended', open }}
      unknownText="There is no Klarna session with this id. Go back to the shop and start again."
    >
      {session?.step === 'identify' && <IdentifyStep session={session} typedEmail={typedEmail} error={error} />}
      {session?.step === 'code' && <CodeStep session={session} error={error} />}
    </PayLaterSessionPage>
  );
}

/** GET shows the session's step; POST moves it on, then shows the next step or goes back to the shop. */
export async function klarnaPage(request: Request, context: SandboxContext, id: string): Promise<Response> {
  const db = await context.db();
  let error: FieldError | null = null;
  let typedEmail: string | null = null;
  if (request.method === 'POST') {
    const field = await formOf(request);
    let answer: KlarnaPageAnswer = { kind: 'step' };
    switch (field('action')) {
      case 'identify':
        typedEmail = field('email');
        answer = await identifyKlarnaShopper(db, id, typedEmail);
        break;
      case 'code':
        answer = await confirmKlarnaCode(db, id, field('code'));
        break;
      case 'change-email':
        answer = await changeKlarnaEmail(db, id);
        break;
      case 'cancel':
        answer = await cancelKlarnaSession(db, id);
        break;
    }
    const next = afterStep(request, answer);
    if (next !== null) return next;
    if (answer.kind === 'error') error = { field: answer.field, message: answer.message };
  }
  const session = await retrieveSession(db, 'klarna', id);
  const status = session === null ? 404 : error !== null ? 422 : 200;
  return page(<KlarnaPage session={session} typedEmail={typedEmail} error={error} />, context, status);
}
