/**
 * spec 4: a sold-out deal takes a sold-out notification sign-up. The form posts to
 * /api/v1/deal/sold-out-notification; without JavaScript the endpoint redirects back here
 * with the outcome (`outcome` prop). The email rule is the server's, checked without zod so the
 * deal page stays light (issue 15.2; domain/sold-out-signup).
 */
import { type FormEvent, useId, useState } from 'react';
import { MESSAGES } from '../domain/messages';
import { readSignupEmail, SIGNED_UP_MESSAGE } from '../domain/sold-out-signup';

type Props = {
  dealId: number;
  /** Set when a plain form post came back (no JavaScript). */
  outcome?: 'signed-up' | 'invalid-email';
};

const ENDPOINT = '/api/v1/deal/sold-out-notification';

type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'done'; message: string }
  | { kind: 'error'; message: string };

function initialStatus(outcome: Props['outcome']): Status {
  if (outcome === 'signed-up') return { kind: 'done', message: SIGNED_UP_MESSAGE };
  if (outcome === 'invalid-email') return { kind: 'error', message: MESSAGES.invalidEmail };
  return { kind: 'idle' };
}

export default function SoldOutSignup({ dealId, outcome }: Props) {
  const id = useId();
  const [status, setStatus] = useState<Status>(() => initialStatus(outcome));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = readSignupEmail(new FormData(event.currentTarget).get('email') ?? '');
    if (email === null) {
      setStatus({ kind: 'error', message: MESSAGES.invalidEmail });
      return;
    }
    setStatus({ kind: 'sending' });
    try {
      const response = await fetch(ENDPOINT, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ dealId, email }),
      });
      const body: unknown = await response.json();
      if (response.ok) {
        const message =
          typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
            ? body.message
            : SIGNED_UP_MESSAGE;
        setStatus({ kind: 'done', message });
      } else {
        const message =
          typeof body === 'object' && body !== null && 'message' in body
            ? String(body.message)
            : MESSAGES.somethingWentWrong;
        setStatus({ kind: 'error', message: response.status === 400 ? message : MESSAGES.somethingWentWrong });
      }
    } catch (error) {
      console.warn('[sold-out sign-up]', error instanceof Error ? error.message : error);
      setStatus({ kind: 'error', message: MESSAGES.somethingWentWrong });
    }
  }

  const hasError = status.kind === 'error';
  return (
    <form className="sold-out-signup" method="post" action={ENDPOINT} noValidate onSubmit={onSubmit}>
      <input type="hidden" name="dealId" value={dealId} />
      <label htmlFor={`${id}-email`}>Email me if this deal comes back</label>
      <div className="sold-out-signup__row">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={hasError || undefined}
          aria-describedby={`${id}-status`}
        />
        <button type="submit" className="button" disabled={status.kind === 'sending'}>
          Notify me
        </button>
      </div>
      <p id={`${id}-status`} className={hasError ? 'sold-out-signup__error' : 'sold-out-signup__done'} role="status">
        {status.kind === 'done' || status.kind === 'error' ? status.message : ''}
      </p>
    </form>
  );
}
