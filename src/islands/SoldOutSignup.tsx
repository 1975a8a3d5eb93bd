/**
 * spec 4: a sold-out deal takes a sold-out notification sign-up. With JavaScript the island calls
 * the soldOutSignup action (decision 030); without it the form posts to the deal page's
 * soldOutSignupForm action, and the page redirects back to itself with the outcome (`outcome` prop). The email rule is the server's, checked without zod so the
 * deal page stays light (decision 018; domain/sold-out-signup).
 */
import { actions, isInputError } from 'astro:actions';
import { type FormEvent, useId, useState } from 'react';
import { getErrorMessage } from '@/domain/error-message';
import { MESSAGES } from '@/domain/messages';
import { readSignupEmail, SIGNED_UP_MESSAGE } from '@/domain/sold-out-signup';

type Props = {
  dealId: number;
  /** Set when a plain form post came back (no JavaScript). */
  outcome?: 'signed-up' | 'invalid-email';
};

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
    const { data, error } = await actions.soldOutSignup({ dealId, email });
    if (data) {
      setStatus({ kind: 'done', message: data.message });
    } else {
      if (!isInputError(error)) console.warn('[sold-out sign-up]', getErrorMessage(error));
      // The server's own words for an email it refuses; anything else is spec 8's generic message.
      setStatus({ kind: 'error', message: isInputError(error) ? MESSAGES.invalidEmail : MESSAGES.somethingWentWrong });
    }
  }

  const hasError = status.kind === 'error';
  return (
    <form
      className="sold-out-signup"
      method="post"
      action={String(actions.soldOutSignupForm)}
      noValidate
      onSubmit={onSubmit}
    >
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
