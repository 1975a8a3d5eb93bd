/**
 * The 30-day delivery promise (decision 042; docs/decisions/051; Consumer Rights Act 2015 s28): a
 * merchant reminded that parcels are due for dispatch, a shopper told their parcel is late and may be
 * cancelled for a full refund, the shopper's confirmation once they cancel it, and the merchant's
 * notice of that cancellation. One template, four steps, modelled on the merchant-closure email.
 */
import { formatDeliveryDay } from '@/domain/delivery';
import { CLOSURE_REFUND_TIMING } from '@/domain/merchant-closure';
import { formatMoney } from '@/domain/money';
import { absoluteUrl, type MailContext } from './context';
import { EmailLayout } from './layout';
import { ActionButton, Facts, NoticeBox, Paragraph, Subtitle, Title } from './parts';

/** One parcel as the emails list it. */
export interface LateParcel {
  orderId: number;
  title: string;
  quantity: number;
  /** The promised dispatch day (ISO day). */
  dispatchBy: string;
}

export type LateDeliveryData =
  | {
      step: 'dispatchReminder';
      /** The merchant's shipping list (a path on the site). */
      listPath: string;
      parcels: LateParcel[];
    }
  | {
      step: 'lateNotice';
      firstName: string;
      parcel: LateParcel;
      /** The shopper's order page, where "Cancel and refund" is. */
      orderPath: string;
    }
  | {
      step: 'cancelled';
      firstName: string;
      parcel: LateParcel;
      currency: 'GBP' | 'EUR';
      cardMinor: number;
      cardTo: string;
      walletMinor: number;
      orderPath: string;
    }
  | {
      step: 'merchantCancelled';
      parcel: LateParcel;
      listPath: string;
    };

const day = (iso: string) => formatDeliveryDay(iso);

/** The first sentence of each step (the preview and the lead paragraph). */
export function lateDeliveryLead(data: LateDeliveryData): string {
  switch (data.step) {
    case 'dispatchReminder':
      return data.parcels.length === 1
        ? `One parcel is due for dispatch by ${day(data.parcels[0]?.dispatchBy ?? '')}.`
        : `${data.parcels.length} parcels are due for dispatch in the next few days.`;
    case 'lateNotice':
      return `Your ${data.parcel.title} was not dispatched by ${day(data.parcel.dispatchBy)}, the day it was promised.`;
    case 'cancelled':
      return `We have cancelled your ${data.parcel.title} from order ${data.parcel.orderId} and refunded it in full.`;
    case 'merchantCancelled':
      return `Order ${data.parcel.orderId} was cancelled by the customer: not dispatched by ${day(data.parcel.dispatchBy)}.`;
  }
}

function parcelRows(parcels: LateParcel[]): Array<[string, string]> {
  return parcels.map((parcel) => [
    `Order ${parcel.orderId}`,
    `${parcel.quantity} × ${parcel.title}: dispatch by ${day(parcel.dispatchBy)}`,
  ]);
}

export function LateDeliveryEmail(props: { data: LateDeliveryData; context: MailContext }) {
  const { data, context } = props;
  const lead = lateDeliveryLead(data);
  if (data.step === 'dispatchReminder') {
    return (
      <EmailLayout context={context} preview={lead}>
        <Title>Parcels due for dispatch</Title>
        <Paragraph>{lead}</Paragraph>
        <Facts rows={parcelRows(data.parcels)} />
        <NoticeBox>
          <Paragraph muted>
            A parcel not dispatched by its day may be cancelled by the customer for a full refund (Consumer Rights Act
            2015). Mark each one dispatched with its tracking number once it is sent.
          </Paragraph>
        </NoticeBox>
        <ActionButton context={context} href={absoluteUrl(context, data.listPath)}>
          Open your shipping list
        </ActionButton>
      </EmailLayout>
    );
  }
  if (data.step === 'merchantCancelled') {
    return (
      <EmailLayout context={context} preview={lead}>
        <Title>{`Order ${data.parcel.orderId} cancelled`}</Title>
        <Paragraph>{lead}</Paragraph>
        <Facts rows={parcelRows([data.parcel])} />
        <NoticeBox>
          <Paragraph muted>
            Do not send this parcel: the customer has been refunded in full and the units are back in your stock.
          </Paragraph>
        </NoticeBox>
        <ActionButton context={context} href={absoluteUrl(context, data.listPath)}>
          Open your shipping list
        </ActionButton>
      </EmailLayout>
    );
  }
  if (data.step === 'lateNotice') {
    return (
      <EmailLayout context={context} preview={lead}>
        <Title>Your parcel is late</Title>
        <Paragraph>Hi {data.firstName || 'there'},</Paragraph>
        <Paragraph>{lead}</Paragraph>
        <Paragraph>
          You can still wait for it, or cancel it now for a full refund of what you paid for it, postage included, to
          how you paid.
        </Paragraph>
        <Facts rows={parcelRows([data.parcel])} />
        <ActionButton context={context} href={absoluteUrl(context, data.orderPath)}>
          See your order
        </ActionButton>
      </EmailLayout>
    );
  }
  const money = (amountMinor: number) => formatMoney({ amountMinor, currency: data.currency });
  const rows: Array<[string, string]> = [
    ...(data.cardMinor > 0 ? ([[`To ${data.cardTo}`, money(data.cardMinor)]] as Array<[string, string]>) : []),
    ...(data.walletMinor > 0 ? ([['To your wallet', money(data.walletMinor)]] as Array<[string, string]>) : []),
    ['Total refunded', money(data.cardMinor + data.walletMinor)],
  ];
  return (
    <EmailLayout context={context} preview={lead}>
      <Title>Cancelled and refunded</Title>
      <Paragraph>Hi {data.firstName || 'there'},</Paragraph>
      <Paragraph>{lead}</Paragraph>
      <Facts rows={parcelRows([data.parcel])} />
      <Subtitle>Where your money goes</Subtitle>
      <Facts rows={rows} />
      <NoticeBox>
        {data.cardMinor > 0 ? <Paragraph muted>{CLOSURE_REFUND_TIMING.card}</Paragraph> : null}
        {data.walletMinor > 0 ? <Paragraph muted>{CLOSURE_REFUND_TIMING.wallet}</Paragraph> : null}
      </NoticeBox>
      <ActionButton context={context} href={absoluteUrl(context, data.orderPath)}>
        See your order
      </ActionButton>
    </EmailLayout>
  );
}
