/** What the Apple Pay and Google Pay choices say before the payment sheet opens. */
type Props = { wallet: 'apple_pay' | 'google_pay' };

export default function WalletPanel({ wallet }: Props) {
  const name = wallet === 'apple_pay' ? 'Apple Pay' : 'Google Pay';
  return (
    <p className="payment-panel__text">
      Pay with the card you keep in {name}. The {name} sheet opens to confirm: nothing is taken until you press Pay
      there.
    </p>
  );
}
