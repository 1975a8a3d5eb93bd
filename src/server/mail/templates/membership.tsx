/**
 * The VIP membership emails (decision 042; decision 027): the monthly renewal's receipt, with what
 * was taken, from what, when, the next renewal and how to cancel; the notice that membership
 * has ended, with why and how to join again; the reminder before each renewal with its amount, date
 * and a one-click cancel link (decision 047; DMCC Act 2024); and the confirmation of a cancellation,
 * with the cooling-off refund when there is one.
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
    }
  | {
      event: 'reminder';
      firstName: string;
      /** What the renewal will take. */
      amount: Money;
      /** What the current period cost, when less (a free or discounted period ending); else null. */
      currentAmount: Money | null;
      /** When the renewal charges (ISO moment). */
      renewsOn: string;
      /** The signed one-click cancel link (absolute); it works without signing in until it expires. */
      cancelUrl: string;
      /** Days after joining or renewing within which cancelling refunds the unused part. */
      coolingOffDays: number;
    }
  | {
      event: 'cancelled';
      firstName: string;
      /** The cooling-off refund of the unused part, or null when the renewal was stopped. */
      refund: Money | null;
      refundedTo: 'card' | 'wallet' | null;
      /** When VIP ends (ISO moment): now with a refund, else the paid period's end. */
      vipUntil: string;
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
  if (data.event === 'reminder') return <ReminderEmail data={data} context={context} greeting={greeting} />;
  if (data.event === 'cancelled') return <CancelledEmail data={data} context={context} greeting={greeting} />;
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

function ReminderEmail(props: {
  data: Extract<MembershipData, { event: 'reminder' }>;
  context: MailContext;
  greeting: string;
}) {
  const { data, context, greeting } = props;
  const amount = formatMoney(data.amount);
  const on = formatLongDate(new Date(data.renewsOn));
  return (
    <EmailLayout context={context} preview={`Your VIP membership renews on ${on} for ${amount}.`}>
      <Title>Your VIP membership renews soon</Title>
      <Paragraph>{greeting}</Paragraph>
      <Paragraph>
        Your Tuppence VIP membership renews on {on}, and we will take {amount} for the next month from the card or
        PayPal account you pay with.
      </Paragraph>
      {data.currentAmount !== null && (
        <Paragraph>
          This is the first month at the full price: your current month cost {formatMoney(data.currentAmount)}.
        </Paragraph>
      )}
      <Facts
        rows={[
          ['Amount', amount],
          ['Renews on', on],
          ['Then', 'Every month until you cancel'],
        ]}
      />
      <ActionButton context={context} href={data.cancelUrl}>
        Cancel VIP
      </ActionButton>
      <NoticeBox>
        <Paragraph muted>
          Nothing to do if you want to stay. Cancel with one click on the button above, no sign-in needed. Within{' '}
          {data.coolingOffDays} days of joining or of a renewal, cancelling refunds the unused part of that month to the
          way you paid and VIP ends at once; after that, you keep VIP to the end of the month you paid for and are not
          charged again.
        </Paragraph>
      </NoticeBox>
    </EmailLayout>
  );
}

function CancelledEmail(props: {
  data: Extract<MembershipData, { event: 'cancelled' }>;
  context: MailContext;
  greeting: string;
}) {
  const { data, context, greeting } = props;
  const until = formatLongDate(new Date(data.vipUntil));
  const refund = data.refund === null ? null : formatMoney(data.refund);
  const refundTo =
    data.refundedTo === 'wallet'
      ? 'your Tuppence wallet'
      : 'the card or PayPal account you paid with (card refunds usually show within 5 working days)';
  const summary =
    refund === null
      ? `You've cancelled your VIP membership. You keep VIP until ${until} and won't be charged again.`
      : `You've cancelled your VIP membership and we're refunding ${refund} for the unused part of this month.`;
  return (
    <EmailLayout context={context} preview={summary}>
      <Title>Your VIP membership is cancelled</Title>
      <Paragraph>{greeting}</Paragraph>
      <Paragraph>{summary}</Paragraph>
      {refund !== null && <Paragraph>The refund goes back to {refundTo}. Your VIP prices have ended.</Paragraph>}
      <ActionButton context={context} href={absoluteUrl(context, SUBSCRIPTIONS_PATH)}>
        See My Subscriptions
      </ActionButton>
    </EmailLayout>
  );
}
