/**
 * What the PayPal and PayPal Credit choices say before the shopper leaves for PayPal: where they
 * are going, what they do there, and that nothing is taken until they approve.
 */
import './PayPalPanel.css';

type Props = { credit: boolean };

export default function PayPalPanel({ credit }: Props) {
  const name = credit ? 'PayPal Credit' : 'PayPal';
  return (
    <div className="paypal-panel">
      <p className="payment-panel__text">
        {credit
          ? 'Spread the cost with PayPal Credit. Apply, or use your credit line, when you log in to PayPal.'
          : "Pay with your PayPal balance or the cards in your PayPal account. You won't need to enter card details here."}
      </p>
      <ol className="paypal-panel__steps">
        <li>We take you to PayPal to log in.</li>
        <li>Check the amount and choose "Agree and continue".</li>
        <li>You come back here and we place your order.</li>
      </ol>
      <p className="paypal-panel__small">
        Nothing is taken until you approve. If you cancel at {name}, you come straight back here.
        {credit ? ' PayPal Credit is subject to status.' : ''}
      </p>
    </div>
  );
}
