/**
 * The order confirmation (decision 042): what UK law asks a distance seller to confirm on a durable
 * medium (the Consumer Contracts Regulations 2013, reg 16 and Schedule 2) and what the shopper needs
 * to use what they bought. Each line with its picture, merchant and address, vouchers and codes,
 * use-by dates and how to redeem; the price breakdown as charged and the payment method; who the
 * contract is with and their geographic address; the right to cancel, line by line, with a link to
 * the cancellation form. Attached: each voucher as its printable PDF, and a calendar entry for each
 * line with fixed dates.
 */
import { BRAND_INFO } from '@/domain/brands';
import { formatLongDate } from '@/domain/format';
import { describeVoucherStatus } from '@/domain/vouchers';
import { renderVoucherPdf } from '@/server/vouchers';
import { CALENDAR_CONTENT_TYPE, calendarFile } from './calendar';
import { absoluteUrl, type MailContext } from './context';
import { EmailLayout } from './layout';
import { OrderSummary, type OrderSummaryData } from './order-summary';
import { ActionButton, Facts, InlineLink, Paragraph, Subtitle, Title } from './parts';
import { VoucherBlock, type VoucherLineData } from './voucher';

export interface OrderConfirmationData {
  orderId: number;
  /** When the order was placed (ISO). */
  placedAt: string;
  firstName: string;
  lines: VoucherLineData[];
  summary: OrderSummaryData;
  /**
   * Where the posted products go and what each parcel promised (docs/decisions/051); null (or absent,
   * in an email queued before posting was recorded) when nothing in the order ships.
   */
  delivery?: {
    address: string[];
    parcels: { title: string; quantity: number; method: string; arrival: string; dispatchBy: string }[];
  } | null;
}

/** Where the shopper finds their vouchers, cancels, and reads the terms. */
export const ORDER_LINKS = {
  vouchers: '/myaccount/vouchers',
  cancellationForm: '/page/cancellation-form',
  terms: '/page/e-commerceterms',
} as const;

export function OrderConfirmationEmail(props: { data: OrderConfirmationData; context: MailContext }) {
  const { data, context } = props;
  const { trading } = context;
  const brandName = BRAND_INFO[context.brand].displayName;
  const voucherCount = data.lines.reduce((sum, line) => sum + line.vouchers.length, 0);
  const vouchersWord = voucherCount === 1 ? 'voucher' : 'vouchers';
  const hasDates = data.lines.some((line) => line.dates !== null);
  const formUrl = absoluteUrl(context, ORDER_LINKS.cancellationForm);
  return (
    <EmailLayout
      context={context}
      preview={`Order ${data.orderId} is confirmed: your ${vouchersWord} and how to use ${voucherCount === 1 ? 'it' : 'them'}.`}
    >
      <Title>Thank you for your order</Title>
      <Paragraph>Hi {data.firstName || 'there'},</Paragraph>
      <Paragraph>
        Your order is confirmed. Your {vouchersWord} {voucherCount === 1 ? 'is' : 'are'} below and attached as{' '}
        {voucherCount === 1 ? 'a PDF' : 'PDFs'}
        {hasDates ? ', with a calendar entry for your dates' : ''}: print {voucherCount === 1 ? 'it' : 'them'} or show{' '}
        {voucherCount === 1 ? 'it' : 'them'} on your phone.
      </Paragraph>
      <Facts
        rows={[
          ['Order number', String(data.orderId)],
          ['Ordered on', formatLongDate(new Date(data.placedAt))],
        ]}
      />
      <ActionButton context={context} href={absoluteUrl(context, ORDER_LINKS.vouchers)}>
        See your vouchers
      </ActionButton>

      {data.lines.map((line) => (
        <VoucherBlock key={line.lineId} context={context} line={line} cancellationFormUrl={formUrl} />
      ))}

      {data.delivery ? (
        <>
          <Subtitle>Delivery</Subtitle>
          <Paragraph>We post {data.delivery.parcels.length === 1 ? 'this item' : 'these items'} to:</Paragraph>
          <Paragraph>
            {data.delivery.address.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an address's lines are fixed and ordered.
              <span key={index}>
                {line}
                <br />
              </span>
            ))}
          </Paragraph>
          <Facts
            rows={data.delivery.parcels.map(
              (parcel) =>
                [
                  `${parcel.quantity} × ${parcel.title}`,
                  `${parcel.method}. ${parcel.arrival}; dispatched by ${parcel.dispatchBy}. If it has not been dispatched by then, you can cancel it for a full refund from your order page.`,
                ] as const,
            )}
          />
        </>
      ) : null}

      <Subtitle>What you paid</Subtitle>
      <OrderSummary summary={data.summary} />

      <Subtitle>Who your contract is with</Subtitle>
      <Paragraph>
        Your contract for the {vouchersWord} is with {trading.companyName}
        {brandName !== trading.companyName.replace(/ (Ltd|Limited)\.?$/, '') ? ` (trading as ${brandName})` : ''},{' '}
        {trading.registeredOffice}, company number {trading.companyNumber}. The merchant named on each voucher provides
        what it is for.
      </Paragraph>
      <Paragraph>
        To cancel, complain or ask us anything, email{' '}
        <InlineLink context={context} href={`mailto:${trading.contactEmail}`}>
          {trading.contactEmail}
        </InlineLink>{' '}
        or write to {trading.contactAddress}.
      </Paragraph>

      <Subtitle>Cancelling</Subtitle>
      <Paragraph>
        Each item above says whether you can cancel it and by when. To cancel, use My Vouchers, send us the{' '}
        <InlineLink context={context} href={formUrl}>
          cancellation form
        </InlineLink>
        , or tell us in any other clear way. Our{' '}
        <InlineLink context={context} href={absoluteUrl(context, ORDER_LINKS.terms)}>
          terms of sale
        </InlineLink>{' '}
        say more. None of this affects your statutory rights.
      </Paragraph>
    </EmailLayout>
  );
}

/** A file name's safe form of a voucher code or a day. */
const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, '-');

/** Each voucher's PDF, and a calendar entry for each line with fixed dates. */
export async function orderConfirmationAttachments(data: OrderConfirmationData, context: MailContext) {
  const pdfs = await Promise.all(
    data.lines.flatMap((line) =>
      line.vouchers.map(async (voucher) => {
        const status = describeVoucherStatus(voucher.status);
        const bytes = await renderVoucherPdf(
          {
            code: voucher.code,
            securityCode: voucher.securityCode,
            status: voucher.status,
            statusLabel: status.label,
            expiresAt: new Date(voucher.expiresAt),
            dealHeadline: line.headline,
            productTitle: line.option,
            merchantName: line.merchant.name,
            merchantAddress: line.merchant.address,
          },
          { brand: context.brand },
        );
        return {
          filename: `tuppence-voucher-${fileSafe(voucher.code)}.pdf`,
          contentType: 'application/pdf',
          content: bytes,
        };
      }),
    ),
  );
  const host = new URL(context.origin).hostname;
  const entries = data.lines.flatMap((line) => {
    if (line.dates === null) return [];
    const codes = line.vouchers.map((voucher) => voucher.code).join(', ');
    const ics = calendarFile([
      {
        uid: `order-${data.orderId}-line-${line.lineId}@${host}`,
        stampedAt: data.placedAt,
        when: { firstDay: line.dates.startDate, lastDay: line.dates.endDate ?? line.dates.startDate },
        summary: `${line.headline} (${line.option})`,
        location: `${line.merchant.name}, ${line.merchant.address}`,
        description: `Order ${data.orderId}. Voucher ${codes}: take it with you.`,
        url: absoluteUrl(context, ORDER_LINKS.vouchers),
      },
    ]);
    return [
      {
        filename: `tuppence-order-${data.orderId}-${fileSafe(line.dates.startDate)}.ics`,
        contentType: CALENDAR_CONTENT_TYPE,
        content: ics,
      },
    ];
  });
  return [...pdfs, ...entries];
}
