/** What the PayPal and PayPal Credit choices say before the shopper leaves for PayPal. */
type Props = { credit: boolean };

export default function PayPalPanel({ credit }: Props) {
  return (
    <p className="payment-panel__text">
      {credit
        ? "You'll go to PayPal to apply for or use PayPal Credit, then come back here to finish."
        : "You'll go to PayPal to log in and approve the payment, then come back here to finish."}
    </p>
  );
}
