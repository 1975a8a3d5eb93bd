/**
 * The dispatch email (decision 042; docs/decisions/051): a merchant has posted a parcel of the
 * shopper's order. It says what is on its way, by which carrier, the tracking number with a link to
 * the carrier's tracking page (none for a courier we do not know), the promised arrival and where
 * it goes, and links to the order page.
 */
import { CARRIERS, describeArrival } from '@/domain/delivery';
import { absoluteUrl, type MailContext } from './context';
import { EmailLayout } from './layout';
import { ActionButton, Facts, InlineLink, NoticeBox, Paragraph, Title } from './parts';

export interface OrderDispatchedData {
  firstName: string;
  orderId: number;
  merchantName: string;
  items: Array<{ title: string; quantity: number }>;
  /** A key of CARRIERS. */
  carrier: string;
  trackingNumber: string;
  /** The carrier's tracking page for this parcel, or null. */
  trackingUrl: string | null;
  /** The promised arrival (London calendar days). */
  deliverFrom: string;
  deliverBy: string;
  /** The recipient's name and town, to say where it goes (the whole address stays on the order page). */
  shipTo: string;
}

function carrierName(carrier: string): string {
  return (CARRIERS as Record<string, { name: string }>)[carrier]?.name ?? carrier;
}

/** The sentence that says what happened (the preview and the first paragraph). */
export function orderDispatchedLead(data: OrderDispatchedData): string {
  return `${data.merchantName} has dispatched your order ${data.orderId} with ${carrierName(data.carrier)}.`;
}

export function OrderDispatchedEmail(props: { data: OrderDispatchedData; context: MailContext }) {
  const { data, context } = props;
  const orderUrl = absoluteUrl(context, `/myaccount/vouchers?order=${data.orderId}`);
  return (
    <EmailLayout context={context} preview={orderDispatchedLead(data)}>
      <Title>Your order is on its way</Title>
      <Paragraph>Hi {data.firstName || 'there'},</Paragraph>
      <Paragraph>{orderDispatchedLead(data)}</Paragraph>
      <Facts
        rows={[
          ['In the parcel', data.items.map((item) => `${item.quantity} × ${item.title}`).join(', ')],
          ['Carrier', carrierName(data.carrier)],
          ['Tracking number', data.trackingNumber],
          ['Delivery', describeArrival(data)],
          ['Going to', data.shipTo],
        ]}
      />
      {data.trackingUrl ? (
        <Paragraph>
          Follow it on the carrier’s site:{' '}
          <InlineLink context={context} href={data.trackingUrl}>
            {`track parcel ${data.trackingNumber}`}
          </InlineLink>
          .
        </Paragraph>
      ) : (
        <Paragraph>Ask {carrierName(data.carrier)} about it with the tracking number above.</Paragraph>
      )}
      <ActionButton context={context} href={orderUrl}>
        See your order
      </ActionButton>
      <NoticeBox>
        <Paragraph muted>
          {`If it has not arrived by the last day above, or something is wrong with it, email us at ${context.trading.contactEmail}.`}
        </Paragraph>
      </NoticeBox>
    </EmailLayout>
  );
}
