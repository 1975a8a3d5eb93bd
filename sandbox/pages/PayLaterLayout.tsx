/**
 * The page Klarna's playground or Clearpay's sandbox shows the shopper (PAYMENTS.md): its own
 * document, plainly the provider's test page and not the shop. Shows who is being paid, the amount
 * and its instalments, the basket's lines, then the step (children). Not indexed.
 */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { formatToThePenny, instalmentPlan, PAY_LATER_NAMES, type PayLaterOption } from '@/domain/pay-later-plan';
import type { PayLaterOrderLine, PayLaterSession } from '../pay-later-sessions';

type Props = {
  provider: PayLaterOption;
  /** The step's own heading, also the document title's first part. */
  heading: string;
  /** The session's amount, or null when there is no session to show. */
  amount: { amountMinor: number; currency: 'GBP' | 'EUR' } | null;
  orderLines?: PayLaterOrderLine[];
  children: ReactNode;
};

export default function PayLaterLayout({ provider, heading, amount, orderLines = [], children }: Props) {
  const name = PAY_LATER_NAMES[provider];
  const badge = provider === 'klarna' ? 'Playground' : 'Sandbox';
  const plan = amount === null ? [] : instalmentPlan(provider, amount.amountMinor);
  const money = (amountMinor: number) => formatToThePenny({ amountMinor, currency: amount?.currency ?? 'GBP' });
  return (
    <html lang="en-GB" data-provider={provider}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${heading} | ${name} ${badge.toLowerCase()}`}</title>
        <link rel="stylesheet" href="/assets/pay-later.css" />
      </head>
      <body>
        <header className="provider-bar">
          <p className="provider-bar__name">
            <span className="provider-bar__logo">{provider === 'klarna' ? 'Klarna.' : 'clearpay'}</span>
            <span className="provider-bar__badge">{badge}</span>
          </p>
          <p className="provider-bar__note">Test mode: no real money moves.</p>
        </header>
        <main className="sheet" id="main">
          {amount !== null && (
            <section className="summary" aria-labelledby="summary-heading">
              <h2 id="summary-heading" className="summary__merchant">
                Pay Tuppence <span className="summary__total">{money(amount.amountMinor)}</span>
              </h2>
              <p className="summary__lead">
                {plan.length} interest-free payments with {name}
              </p>
              <ol className="plan" aria-label="Your instalments">
                {plan.map((instalment) => (
                  <li className="plan__item" key={instalment.due}>
                    <span>{instalment.due}</span>
                    <strong>{money(instalment.amountMinor)}</strong>
                  </li>
                ))}
              </ol>
              {orderLines.length > 0 && (
                <details className="lines">
                  <summary>
                    Your order ({orderLines.length} {orderLines.length === 1 ? 'item' : 'items'})
                  </summary>
                  <ul>
                    {orderLines.map((line, index) => (
                      // Lines may repeat a name; their place in the basket tells them apart.
                      // biome-ignore lint/suspicious/noArrayIndexKey: a static list rendered once on the server
                      <li key={index}>
                        {line.quantity} × {line.name}: {money(line.totalMinor)}
                      </li>
                    ))}
                  </ul>
                </details>
              )}
            </section>
          )}
          <section className="step" aria-labelledby="step-heading">
            <h1 id="step-heading">{heading}</h1>
            {children}
          </section>
        </main>
      </body>
    </html>
  );
}

type SessionPageProps = {
  provider: PayLaterOption;
  /** The session, or null when the id or token is unknown. */
  session: PayLaterSession | null;
  /** The headings of the unknown, the ended and (by its step) the open session. */
  headings: { unknown: string; ended: string; open: string };
  /** Said when there is no such session. */
  unknownText: string;
  /** The open session's step. */
  children: ReactNode;
};

/**
 * A provider's page for one session: its step while it is open, with "Cancel and return to
 * Tuppence"; once it has ended, a link back to the shop's checkout it came from.
 */
export function PayLaterSessionPage({ provider, session, headings, unknownText, children }: SessionPageProps) {
  const isOpen = session !== null && session.status === 'created' && !session.isExpired;
  const heading = session === null ? headings.unknown : isOpen ? headings.open : headings.ended;
  const amount =
    session !== null && isOpen
      ? { amountMinor: session.amountMinor, currency: session.currency as 'GBP' | 'EUR' }
      : null;
  return (
    <PayLaterLayout provider={provider} heading={heading} amount={amount} orderLines={session?.orderLines}>
      {session === null && <p>{unknownText}</p>}
      {session !== null && !isOpen && (
        <>
          <p>It was finished, cancelled or has expired. Go back to the shop to choose how to pay.</p>
          <a className="link-button secondary" href={session.returnUrl}>
            Back to Tuppence
          </a>
        </>
      )}
      {isOpen && children}
      {isOpen && (
        <form method="post">
          <button className="secondary" type="submit" name="action" value="cancel">
            Cancel and return to Tuppence
          </button>
        </form>
      )}
    </PayLaterLayout>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby'> & {
  id: string;
  label: string;
  /** Shown under the label, as `<id>-hint`, and describing the input. */
  hint?: ReactNode;
  /** Other elements describing the input (a hint the step shows above several fields). */
  describedBy?: string;
  /** The field's error, shown under the input as `<id>-error` and announced. */
  error?: string | null;
};

/** A labelled text input of a pay-later step, with its hint and its error wired to it for screen readers. */
export function TextField({ id, label, hint, describedBy, error, ...input }: TextFieldProps) {
  const described = [describedBy, hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        id={id}
        type="text"
        required
        {...input}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={described || undefined}
      />
      {error && (
        <p className="error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </>
  );
}
