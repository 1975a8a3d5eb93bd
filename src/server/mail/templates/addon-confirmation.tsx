/**
 * The add-on confirmation (decision 042; decision 026): a voucher extended (VVE) or protected (DVP),
 * paid as an order of its own. It says what changed, the voucher's new expiry, the price breakdown as
 * charged (the order confirmation's OrderSummary) and where the add-on's terms are.
 */
import { formatLongDate } from '@/domain/format';
import { absoluteUrl, type MailContext } from './context';
import { EmailLayout } from './layout';
import { OrderSummary, type OrderSummaryData } from './order-summary';
import { ActionButton, Facts, InlineLink, Paragraph, Subtitle, Title } from './parts';

export interface AddonConfirmationData {
  orderId: number;
  /** When the add-on was bought (ISO). */
  placedAt: string;
  firstName: string;
  /** VVE: an extension by `months`; DVP: Protect my voucher. */
  addon: { type: 'VVE'; months: number } | { type: 'DVP' };
  voucher: { code: string; headline: string; option: string };
  /** The voucher's expiry after the add-on (ISO). */
  expiresAt: string;
  summary: OrderSummaryData;
}

/** The sentence that says what the add-on did (the HTML and text parts both carry it). */
export function addonOutcome(data: AddonConfirmationData): string {
  const until = formatLongDate(new Date(data.expiresAt));
  const { code, headline } = data.voucher;
  if (data.addon.type === 'VVE') {
    const months = `${data.addon.months} ${data.addon.months === 1 ? 'month' : 'months'}`;
    return `Your voucher ${code} for ${headline} is extended by ${months}: it now expires on ${until}.`;
  }
  return `Your voucher ${code} for ${headline} is now protected: you can refund it to your card, or take it as wallet credit, until it expires on ${until}.`;
}

export function AddonConfirmationEmail(props: { data: AddonConfirmationData; context: MailContext }) {
  const { data, context } = props;
  const isExtension = data.addon.type === 'VVE';
  const terms = isExtension ? 'voucher-validity-extensions' : 'protect-my-voucher';
  return (
    <EmailLayout context={context} preview={addonOutcome(data)}>
      <Title>{isExtension ? 'Your voucher is extended' : 'Your voucher is protected'}</Title>
      <Paragraph>Hi {data.firstName || 'there'},</Paragraph>
      <Paragraph>{addonOutcome(data)}</Paragraph>
      <Facts
        rows={[
          ['Order number', String(data.orderId)],
          ['Ordered on', formatLongDate(new Date(data.placedAt))],
          ['Voucher', `${data.voucher.code}: ${data.voucher.headline} (${data.voucher.option})`],
          ['Now expires', formatLongDate(new Date(data.expiresAt))],
        ]}
      />
      <ActionButton context={context} href={absoluteUrl(context, '/myaccount/vouchers')}>
        See your vouchers
      </ActionButton>
      <Subtitle>What you paid</Subtitle>
      <OrderSummary summary={data.summary} />
      <Paragraph muted>
        Read the{' '}
        <InlineLink context={context} href={absoluteUrl(context, `/page/e-commerceterms#${terms}`)}>
          terms of {isExtension ? 'voucher validity extensions' : 'Protect my voucher'}
        </InlineLink>
        .
      </Paragraph>
    </EmailLayout>
  );
}
