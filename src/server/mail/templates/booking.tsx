/**
 * The booking emails (decision 042; decision 029, spec 4 calendar booking): each step of a booking
 * told to the other side. The shopper hears the merchant's answer (confirmed, another date proposed,
 * declined); the merchant's team hears the shopper's request and their acceptance of a proposed
 * date. Every one says the date, the place, the voucher and what to do next; a confirmed booking
 * also carries a calendar entry (.ics) for the shopper.
 */
import { formatLongDate } from '@/domain/format';
import { CALENDAR_CONTENT_TYPE, calendarFile } from './calendar';
import type { MailContext } from './context';
import { EmailLayout } from './layout';
import { ActionButton, Facts, NoticeBox, Paragraph, Title } from './parts';

/** Which step the email reports: `requested` and `accepted` go to the merchant, the rest to the shopper. */
export type BookingStep = 'requested' | 'accepted' | 'confirmed' | 'proposed' | 'declined';

export interface BookingData {
  step: BookingStep;
  bookingId: number;
  customerFirstName: string;
  /** The date the shopper asked for (ISO day). */
  requestedDate: string;
  /** The merchant's other date, when they proposed one (ISO day). */
  proposedDate: string | null;
  /** The date the booking is for: the accepted proposal, else the date asked for (ISO day). */
  date: string;
  merchantNote: string | null;
  merchant: { name: string; address: string; phone: string };
  voucher: { code: string; dealHeadline: string; productTitle: string };
  /** Where the reader acts: the shopper's vouchers, or the merchant's bookings. */
  manageUrl: string;
  /** When the step was taken (ISO moment): the calendar entry's timestamp. */
  at: string;
}

const long = (iso: string) => formatLongDate(new Date(`${iso}T12:00:00Z`));

/** The facts every booking email lists: the date(s), the place and the voucher. */
function bookingFacts(data: BookingData): Array<[string, string]> {
  const dates: Array<[string, string]> =
    data.step === 'proposed' && data.proposedDate !== null
      ? [
          ['Date asked for', long(data.requestedDate)],
          ['Date suggested', long(data.proposedDate)],
        ]
      : data.step === 'declined'
        ? [['Date asked for', long(data.requestedDate)]]
        : [['Date', long(data.date)]];
  return [
    ...dates,
    ...(data.step === 'requested' || data.step === 'accepted'
      ? ([['Customer', data.customerFirstName || 'Not given']] as Array<[string, string]>)
      : []),
    ['Where', `${data.merchant.name}, ${data.merchant.address}`],
    ['Voucher', data.voucher.code],
    ['Deal', `${data.voucher.dealHeadline}: ${data.voucher.productTitle}`],
  ];
}

interface Wording {
  title: string;
  lead: string;
  action: string;
  notes: string[];
}

function wording(data: BookingData, context: MailContext): Wording {
  const customer = data.customerFirstName || 'Your customer';
  const voucher = `your ${data.voucher.dealHeadline} voucher (${data.voucher.code})`;
  const said = data.merchantNote ? ` They said: “${data.merchantNote}”` : '';
  const callMerchant = `To change or cancel the booking, call ${data.merchant.name} on ${data.merchant.phone}.`;
  const askUs = `To change or cancel a booking, email us at ${context.trading.contactEmail} with the voucher code.`;
  switch (data.step) {
    case 'requested':
      return {
        title: 'New booking request',
        lead: `${data.customerFirstName || 'A customer'} would like to book ${long(data.requestedDate)} with voucher ${data.voucher.code} (${data.voucher.dealHeadline}: ${data.voucher.productTitle}).`,
        action: 'Answer the request',
        notes: ['Confirm the date, or decline it or propose another, on your dashboard.'],
      };
    case 'accepted':
      return {
        title: 'Booking accepted',
        lead: `${customer} accepted the date you proposed, ${long(data.date)}, for voucher ${data.voucher.code} (${data.voucher.dealHeadline}: ${data.voucher.productTitle}). The voucher is now Booked.`,
        action: 'Your bookings',
        notes: [askUs],
      };
    case 'confirmed':
      return {
        title: 'Your booking is confirmed',
        lead: `${data.merchant.name} has confirmed ${long(data.date)} for ${voucher}. Your voucher is now Booked; take its codes with you.`,
        action: 'See your voucher',
        notes: ['The date is attached as a calendar entry: open it to add it to your calendar.', callMerchant],
      };
    case 'proposed':
      return {
        title: `${data.merchant.name} suggested another date`,
        lead: `${data.merchant.name} can't take ${long(data.requestedDate)} for ${voucher}, and suggested ${long(data.proposedDate ?? data.date)} instead.${said}`,
        action: 'Accept or choose another date',
        notes: ['Accept it, or ask for another date, from your voucher.'],
      };
    case 'declined':
      return {
        title: 'Please choose another date',
        lead: `${data.merchant.name} can't take ${long(data.requestedDate)} for ${voucher}.${said}`,
        action: 'Choose another date',
        notes: ['Please ask for another date from your voucher.'],
      };
  }
}

export function BookingEmail(props: { data: BookingData; context: MailContext }) {
  const { data, context } = props;
  const words = wording(data, context);
  const toShopper = data.step !== 'requested' && data.step !== 'accepted';
  return (
    <EmailLayout context={context} preview={words.lead}>
      <Title>{words.title}</Title>
      {toShopper ? <Paragraph>Hello{data.customerFirstName ? ` ${data.customerFirstName}` : ''},</Paragraph> : null}
      <Paragraph>{words.lead}</Paragraph>
      <Facts rows={bookingFacts(data)} />
      <ActionButton context={context} href={data.manageUrl}>
        {words.action}
      </ActionButton>
      <NoticeBox>
        {words.notes.map((note) => (
          <Paragraph key={note} muted>
            {note}
          </Paragraph>
        ))}
      </NoticeBox>
    </EmailLayout>
  );
}

/** A confirmed booking's calendar entry for the shopper: the whole day, at the merchant. */
export async function bookingAttachments(data: BookingData, context: MailContext) {
  if (data.step !== 'confirmed') return [];
  const host = new URL(context.origin).hostname;
  const ics = calendarFile([
    {
      uid: `booking-${data.bookingId}@${host}`,
      stampedAt: data.at,
      when: { firstDay: data.date, lastDay: data.date },
      summary: `${data.voucher.dealHeadline} at ${data.merchant.name}`,
      location: `${data.merchant.name}, ${data.merchant.address}`,
      description: `Voucher ${data.voucher.code} (${data.voucher.productTitle}). Take its codes with you. To change or cancel, call ${data.merchant.name} on ${data.merchant.phone}.`,
      url: data.manageUrl,
    },
  ]);
  return [{ filename: 'booking.ics', contentType: CALENDAR_CONTENT_TYPE, content: ics }];
}
