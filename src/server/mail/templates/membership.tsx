/**
 * The VIP membership emails (decision 042; decision 027): the monthly renewal's receipt, with what
 * was taken, from what, when, the next renewal and how to cancel; and the notice that membership
 * has ended, with why and how to join again.
 */
import { formatLongDate } from '@/domain/format';
import { formatMoney, type Money } from '@/domain/money';
import { absoluteUrl, type MailContext } from './context';
import { EmailLayout } from './layout';
import { ActionButton, Facts, NoticeBox, Paragraph, Title } from './parts';

export type MembershipData =
  | {
      event: 'renewed';
      firstName: string;
      amount: Money;
      /** "Visa ending 1881", or "your saved card". */
      paidWith: string;
      /** The first day of the month paid for (ISO moment). */
      renewedOn: string;
      /** When the next month is charged (ISO moment). */
      nextRenewalOn: string;
    }
  | {
      event: 'ended';
      firstName: string;
      /** The member cancelled the renewal, or this month's payment was refused. */
      reason: 'cancelled' | 'failed';
    };

/** Where a member cancels the renewal or joins again. */
const SUBSCRIPTIONS_PATH = '/myaccount/subscriptions';

const ENDED_BECAUSE = {
  cancelled: 'You cancelled its renewal, so your VIP membership ended with the month you paid for.',
  failed: "We couldn't take this month's payment from your saved card, so your VIP membership has ended.",
} as const;

export function MembershipEmail(props: { data: MembershipData; context: MailContext }) {
  const { data, context } = props;
  const greeting = `Hello ${data.firstName || 'there'},`;
  const manage = absoluteUrl(context, SUBSCRIPTIONS_PATH);
  if (data.event === 'ended') {
    return (
      <EmailLayout context={context} preview={ENDED_BECAUSE[data.reason]}>
        <Title>Your VIP membership has ended</Title>
        <Paragraph>{greeting}</Paragraph>
        <Paragraph>{ENDED_BECAUSE[data.reason]}</Paragraph>
        <Paragraph>You can join again at any time from My Subscriptions.</Paragraph>
        <ActionButton context={context} href={manage}>
          Join VIP again
        </ActionButton>
      </EmailLayout>
    );
  }
  const amount = formatMoney(data.amount);
  const next = formatLongDate(new Date(data.nextRenewalOn));
  return (
    <EmailLayout context={context} preview={`We've taken ${amount} for another month of VIP.`}>
      <Title>Your VIP membership has renewed</Title>
      <Paragraph>{greeting}</Paragraph>
      <Paragraph>
        We've taken {amount} from {data.paidWith} for another month of VIP.
      </Paragraph>
      <Facts
        rows={[
          ['Amount', amount],
          ['Paid with', data.paidWith],
          ['Renewed on', formatLongDate(new Date(data.renewedOn))],
          ['Next renewal', next],
        ]}
      />
      <ActionButton context={context} href={manage}>
        Manage your membership
      </ActionButton>
      <NoticeBox>
        <Paragraph muted>
          Cancel the renewal any time in My Subscriptions; you keep VIP until {next}, and nothing more is taken.
        </Paragraph>
      </NoticeBox>
    </EmailLayout>
  );
}
