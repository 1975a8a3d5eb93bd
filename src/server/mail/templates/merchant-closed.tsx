/**
 * The refund when a merchant closes (decision 042; docs/decisions/045): one email to each shopper
 * refunded, saying the merchant has closed, which of their vouchers were refunded, how much went back
 * to where (card, PayPal or pay later; wallet; promotional credit) and when to expect it, and which
 * bookings were cancelled.
 */
import { formatLongDate } from '@/domain/format';
import { CLOSURE_REFUND_TIMING } from '@/domain/merchant-closure';
import { formatMoney } from '@/domain/money';
import { absoluteUrl, type MailContext } from './context';
import { EmailLayout } from './layout';
import { ActionButton, Facts, NoticeBox, Paragraph, Subtitle, Title } from './parts';

export interface MerchantClosedData {
  firstName: string;
  merchantName: string;
  /** The day the merchant stopped trading (ISO day). */
  closedOn: string;
  currency: 'GBP' | 'EUR';
  vouchers: Array<{ code: string; headline: string; amountMinor: number }>;
  /** Back through the provider, and which way ("your card or PayPal", "Klarna", "Clearpay"). */
  cardMinor: number;
  cardTo: string;
  walletMinor: number;
  promoMinor: number;
  /** Bookings cancelled: the voucher code and the date that was booked (ISO day). */
  bookings: Array<{ code: string; date: string }>;
}

const day = (iso: string) => formatLongDate(new Date(`${iso}T12:00:00Z`));

/** The sentence that says what happened (the preview and the first paragraph). */
export function merchantClosedLead(data: MerchantClosedData): string {
  const count = data.vouchers.length === 1 ? 'your voucher' : `your ${data.vouchers.length} vouchers`;
  return `${data.merchantName} closed on ${day(data.closedOn)} and can no longer honour vouchers, so we have refunded ${count} in full.`;
}

export function MerchantClosedEmail(props: { data: MerchantClosedData; context: MailContext }) {
  const { data, context } = props;
  const money = (amountMinor: number) => formatMoney({ amountMinor, currency: data.currency });
  const total = data.cardMinor + data.walletMinor + data.promoMinor;
  const parts: Array<[string, string]> = [
    ...(data.cardMinor > 0 ? ([[`To ${data.cardTo}`, money(data.cardMinor)]] as Array<[string, string]>) : []),
    ...(data.walletMinor > 0 ? ([['To your wallet', money(data.walletMinor)]] as Array<[string, string]>) : []),
    ...(data.promoMinor > 0
      ? ([['Promotional credit, back in your wallet', money(data.promoMinor)]] as Array<[string, string]>)
      : []),
    ['Total refunded', money(total)],
  ];
  return (
    <EmailLayout context={context} preview={merchantClosedLead(data)}>
      <Title>{`${data.merchantName} has closed: you have been refunded`}</Title>
      <Paragraph>Hi {data.firstName || 'there'},</Paragraph>
      <Paragraph>{merchantClosedLead(data)}</Paragraph>
      <Subtitle>Vouchers refunded</Subtitle>
      <Facts
        rows={data.vouchers.map((voucher) => [voucher.code, `${voucher.headline}: ${money(voucher.amountMinor)}`])}
      />
      <Subtitle>Where your money goes</Subtitle>
      <Facts rows={parts} />
      {data.bookings.length > 0 ? (
        <>
          <Subtitle>Bookings cancelled</Subtitle>
          <Facts rows={data.bookings.map((booking) => [booking.code, `Booked for ${day(booking.date)}: cancelled`])} />
        </>
      ) : null}
      <NoticeBox>
        {data.cardMinor > 0 ? <Paragraph muted>{CLOSURE_REFUND_TIMING.card}</Paragraph> : null}
        {data.walletMinor + data.promoMinor > 0 ? <Paragraph muted>{CLOSURE_REFUND_TIMING.wallet}</Paragraph> : null}
        <Paragraph
          muted
        >{`You do not need to do anything. Questions: email us at ${context.trading.contactEmail}.`}</Paragraph>
      </NoticeBox>
      <ActionButton context={context} href={absoluteUrl(context, '/myaccount/vouchers')}>
        See your vouchers
      </ActionButton>
    </EmailLayout>
  );
}
