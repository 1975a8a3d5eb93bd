/**
 * What the Klarna (pay in 3) and Clearpay (pay in 4) choices say: the instalments, to the penny,
 * and when each is taken, before the shopper leaves for the provider's page.
 */
import { formatToThePenny, INSTALMENT_EVERY, instalmentPlan, PAY_LATER_NAMES } from '@/domain/pay-later-plan';
import './PayLaterPanel.css';

type Props = { provider: 'klarna' | 'clearpay'; amountMinor: number; currency: 'GBP' | 'EUR' };

export default function PayLaterPanel({ provider, amountMinor, currency }: Props) {
  const plan = instalmentPlan(provider, amountMinor);
  const money = (minor: number) => formatToThePenny({ amountMinor: minor, currency });
  const [first, second] = plan;
  const each = second?.amountMinor ?? first?.amountMinor ?? 0;
  const name = PAY_LATER_NAMES[provider];
  return (
    <div className="payment-panel__text">
      <p>
        {plan.length} interest-free payments of {money(each)}
        {first !== undefined && first.amountMinor !== each ? ` (the first ${money(first.amountMinor)})` : ''}, taken{' '}
        {INSTALMENT_EVERY[provider]}. You'll go to {name} to approve, then come back here to finish.
      </p>
      <ol className="pay-later-plan" aria-label={`${name} instalments`}>
        {plan.map((instalment) => (
          <li key={instalment.due}>
            {instalment.due}: {money(instalment.amountMinor)}
          </li>
        ))}
      </ol>
    </div>
  );
}
