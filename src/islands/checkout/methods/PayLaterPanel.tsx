/**
 * What the Klarna (pay in 3) and Clearpay (pay in 4) choices say: the instalments, to the penny,
 * before the shopper leaves for the provider's page.
 */
import { INSTALMENTS, instalments } from '../../../domain/payment-methods';

type Props = { provider: 'klarna' | 'clearpay'; amountMinor: number; money: (amountMinor: number) => string };

export default function PayLaterPanel({ provider, amountMinor, money }: Props) {
  const count = INSTALMENTS[provider] ?? 3;
  const parts = instalments(amountMinor, count);
  const name = provider === 'klarna' ? 'Klarna' : 'Clearpay';
  const every = provider === 'klarna' ? 'monthly' : 'every 2 weeks';
  return (
    <p className="payment-panel__text">
      {count} interest-free payments of {money(parts[1] ?? parts[0] ?? 0)}
      {parts[0] !== parts[1] ? ` (the first ${money(parts[0] ?? 0)})` : ''}, taken {every}. You'll go to {name} to
      approve, then come back here to finish.
    </p>
  );
}
