/**
 * Every email template, by name (decision 042). A change queues `{ template, data }` in the outbox
 * inside its transaction; the outbox renders the named template at send time, once as HTML and once
 * as plain text from the same React tree (`@react-email/render`), so the two parts never disagree.
 * A template may also name attachments drawn from the same data (a voucher's PDF, a calendar entry).
 */
import { render } from '@react-email/render';
import { createElement, type ReactElement } from 'react';
import { type AddonConfirmationData, AddonConfirmationEmail } from './addon-confirmation';
import { type BasketReminderData, BasketReminderEmail } from './basket-reminder';
import { type BookingData, BookingEmail, bookingAttachments } from './booking';
import type { MailContext } from './context';
import { type GiftData, GiftEmail } from './gift';
import { type LateDeliveryData, LateDeliveryEmail } from './late-delivery';
import { type MembershipData, MembershipEmail } from './membership';
import { type MerchantClosedData, MerchantClosedEmail } from './merchant-closed';
import { type NoticeData, NoticeEmail } from './notice';
import { type OrderConfirmationData, OrderConfirmationEmail, orderConfirmationAttachments } from './order-confirmation';
import { type OrderDispatchedData, OrderDispatchedEmail } from './order-dispatched';
import { type ReviewRequestData, ReviewRequestEmail } from './review-request';

export type { AddonConfirmationData } from './addon-confirmation';
export type { BasketReminderData, BasketReminderLine } from './basket-reminder';
export type { BookingData, BookingStep } from './booking';
export type { MailContext } from './context';
export type { GiftCardData, GiftData, VoucherGiftData } from './gift';
export type { LateDeliveryData, LateParcel } from './late-delivery';
export type { MembershipData } from './membership';
export type { MerchantClosedData } from './merchant-closed';
export type { NoticeData } from './notice';
export type { OrderConfirmationData } from './order-confirmation';
export type { OrderDispatchedData } from './order-dispatched';
export type { OrderSummaryData } from './order-summary';
export type { ReviewRequestData } from './review-request';
export type { VoucherCodeData, VoucherLineData } from './voucher';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array | string;
}

interface Template<Data> {
  draw(props: { data: Data; context: MailContext }): ReactElement;
  attachments?(data: Data, context: MailContext): Promise<MailAttachment[]>;
}

/** Each template's data, by name: what `enqueueMail` accepts for it. */
export interface TemplateData {
  notice: NoticeData;
  orderConfirmation: OrderConfirmationData;
  orderDispatched: OrderDispatchedData;
  addonConfirmation: AddonConfirmationData;
  basketReminder: BasketReminderData;
  booking: BookingData;
  gift: GiftData;
  lateDelivery: LateDeliveryData;
  membership: MembershipData;
  merchantClosed: MerchantClosedData;
  reviewRequest: ReviewRequestData;
}

export type TemplateName = keyof TemplateData;

const TEMPLATES: { [Name in TemplateName]: Template<TemplateData[Name]> } = {
  notice: { draw: (props) => createElement(NoticeEmail, props) },
  orderConfirmation: {
    draw: (props) => createElement(OrderConfirmationEmail, props),
    attachments: orderConfirmationAttachments,
  },
  orderDispatched: { draw: (props) => createElement(OrderDispatchedEmail, props) },
  addonConfirmation: { draw: (props) => createElement(AddonConfirmationEmail, props) },
  basketReminder: { draw: (props) => createElement(BasketReminderEmail, props) },
  booking: { draw: (props) => createElement(BookingEmail, props), attachments: bookingAttachments },
  gift: { draw: (props) => createElement(GiftEmail, props) },
  lateDelivery: { draw: (props) => createElement(LateDeliveryEmail, props) },
  membership: { draw: (props) => createElement(MembershipEmail, props) },
  merchantClosed: { draw: (props) => createElement(MerchantClosedEmail, props) },
  reviewRequest: { draw: (props) => createElement(ReviewRequestEmail, props) },
};

export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(TEMPLATES, name);
}

export interface RenderedBody {
  html: string;
  text: string;
  attachments: MailAttachment[];
}

/** Draws one template with its data: the HTML part, the text part and any attachments. */
export async function renderTemplate<Name extends TemplateName>(
  name: Name,
  data: TemplateData[Name],
  context: MailContext,
): Promise<RenderedBody> {
  const template = TEMPLATES[name] as Template<TemplateData[Name]>;
  const element = template.draw({ data, context });
  const [html, text, attachments] = await Promise.all([
    render(element),
    render(element, { plainText: true }),
    template.attachments ? template.attachments(data, context) : Promise.resolve([]),
  ]);
  return { html, text, attachments };
}
