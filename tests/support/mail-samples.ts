/**
 * One sample of every kind of email the shop sends (decision 042), with the data its call site
 * queues. The email tests render each as delivery does: in Chromium at 375 and 600 px with axe and
 * an overflow check (tests/e2e/emails.spec.ts), and its text part against its HTML part
 * (tests/unit/mail-parts.test.ts). The record is keyed by every kind in MAIL_KINDS, so a new kind
 * does not type-check without a sample.
 */
import { type Brand, DEFAULT_BRAND } from '../../src/domain/brands';
import { DEMO_TRADING } from '../../src/domain/trading';
import type { MailKind, OutgoingMail } from '../../src/server/mail';
import { type BookingData, type MailContext, type RenderedBody, renderTemplate } from '../../src/server/mail/templates';

export type MailSample = Pick<OutgoingMail, 'template' | 'data' | 'subject'> & {
  brand?: Brand;
  marketing?: { unsubscribeUrl: string; preferencesUrl: string };
};

const ORIGIN = 'http://localhost:4321';

/** The password notice: changed, activated and reset all say the same (src/server/accounts/users.ts). */
const PASSWORD_NOTICE: MailSample = {
  subject: 'Your Tuppence password has changed',
  template: 'notice',
  data: {
    preview: 'The password for your Tuppence account was just changed.',
    greeting: 'Hi Sam,',
    paragraphs: ['The password for your Tuppence account was just changed.'],
    notes: ['If this was not you, reset it now from the sign-in page.'],
  },
};

/** A booking at a tea room, as both sides' emails carry it (src/server/bookings). */
const BOOKING: Omit<BookingData, 'step' | 'manageUrl'> = {
  bookingId: 418,
  customerFirstName: 'Sam',
  requestedDate: '2026-03-14',
  proposedDate: null,
  date: '2026-03-14',
  merchantNote: null,
  merchant: { name: 'The Ivy Tea Rooms', address: '12 High Street, Leeds, LS1 4AP', phone: '0113 496 0123' },
  voucher: {
    code: 'TPC-58213-KD4W',
    dealHeadline: 'Afternoon tea with prosecco',
    productTitle: 'Afternoon tea for two',
  },
  at: '2026-03-09T10:15:00.000Z',
};

export const MAIL_SAMPLES: Record<MailKind, MailSample> = {
  sign_in: {
    subject: 'Your Tuppence sign-in link',
    template: 'notice',
    data: {
      preview: 'Sign in to your Tuppence account with this link.',
      greeting: 'Hi Sam,',
      paragraphs: ['Sign in to your Tuppence account with this link.'],
      action: { label: 'Sign in to Tuppence', url: `${ORIGIN}/consume-token?token=sample-token-0123456789` },
      notes: ['The link works once and expires in 1 hour. If you did not ask for it, ignore this email.'],
    },
  },
  confirm_email: {
    subject: 'Confirm your email to finish creating your Tuppence account',
    template: 'notice',
    data: {
      preview: 'Thanks for joining Tuppence. Confirm your email and sign in with this link.',
      greeting: 'Hi Sam,',
      paragraphs: ['Thanks for joining Tuppence. Confirm your email and sign in with this link.'],
      action: { label: 'Confirm your email', url: `${ORIGIN}/consume-token?token=sample-token-0123456789` },
      notes: ['The link works once and expires in 1 hour. If you did not ask for it, ignore this email.'],
    },
  },
  password_reset: {
    subject: 'Reset your Tuppence password',
    template: 'notice',
    data: {
      preview:
        'Someone (hopefully you) asked to reset the password of your Tuppence account. Choose a new one with this link.',
      greeting: 'Hi Sam,',
      paragraphs: [
        'Someone (hopefully you) asked to reset the password of your Tuppence account. Choose a new one with this link.',
      ],
      action: { label: 'Choose a new password', url: `${ORIGIN}/forgot-password/reset?token=sample-token-0123456789` },
      notes: ['The link works once and expires in 1 hour. If you did not ask for it, ignore this email.'],
    },
  },
  set_password: {
    subject: 'Set your Tuppence password',
    template: 'notice',
    data: {
      preview:
        'Someone (hopefully you) asked to create a Tuppence account with this email. You already have one from an earlier order: choose its password with this link.',
      greeting: 'Hi there,',
      paragraphs: [
        'Someone (hopefully you) asked to create a Tuppence account with this email. You already have one from an earlier order: choose its password with this link.',
      ],
      action: { label: 'Set your password', url: `${ORIGIN}/forgot-password/reset?token=sample-token-0123456789` },
      notes: ['The link works once and expires in 1 hour. If you did not ask for it, ignore this email.'],
    },
  },
  register_existing: {
    subject: 'Someone tried to create a Tuppence account with your email',
    template: 'notice',
    data: {
      preview:
        'Someone (hopefully you) tried to create a Tuppence account with this email, which already has one. Nothing has changed.',
      greeting: 'Hi Sam,',
      paragraphs: [
        'Someone (hopefully you) tried to create a Tuppence account with this email, which already has one. Nothing has changed.',
      ],
      action: { label: 'Sign in', url: `${ORIGIN}/login` },
      notes: [`Forgotten your password? ${ORIGIN}/forgot-password`, 'If it was not you, you can ignore this email.'],
    },
  },
  password_changed: PASSWORD_NOTICE,
  password_activated: PASSWORD_NOTICE,
  password_reset_done: PASSWORD_NOTICE,
  email_verify: {
    subject: 'Confirm your Tuppence deals emails',
    template: 'notice',
    data: {
      preview: 'Confirm your address to start getting Tuppence deals emails.',
      paragraphs: ['Thanks for signing up to Tuppence deals emails.', 'Confirm your address to start getting them.'],
      action: {
        label: 'Confirm your address',
        url: `${ORIGIN}/email/verify?email=sam.taylor%40example.co.uk&token=sample-token-0123456789`,
      },
      notes: ['The link works for 7 days. If you didn’t ask for this, ignore this email and nothing will be sent.'],
    },
  },
  basket_abandon: {
    subject: 'You left something in your basket',
    template: 'basketReminder',
    data: {
      firstName: 'Sam',
      lines: [
        {
          title: 'Spa day with a 55-minute treatment and lunch at the Harrogate Grand',
          option: 'Spa day for two',
          imageUrl: '/images/deals/spa/10234-0.svg',
          url: '/deal/10234',
          quantity: 1,
          price: { amountMinor: 8900, currency: 'GBP' },
          unavailableReason: null,
        },
        {
          title: 'Afternoon tea with prosecco at The Ivy Tea Rooms',
          option: 'Afternoon tea for two',
          imageUrl: '/images/deals/afternoon-tea/10412-0.svg',
          url: '/deal/10412',
          quantity: 2,
          price: { amountMinor: 5998, currency: 'GBP' },
          unavailableReason: null,
        },
        {
          title: 'Three-course dinner and a cocktail at Bistro Verde',
          option: 'Dinner for two',
          imageUrl: null,
          url: '/deal/10577',
          quantity: 1,
          price: null,
          unavailableReason: 'Sold out',
        },
      ],
      moreLines: 1,
      total: { amountMinor: 14898, currency: 'GBP' },
      basketUrl: `${ORIGIN}/checkout`,
    },
    marketing: {
      unsubscribeUrl: `${ORIGIN}/email/unsubscribe?token=sample-manage-token-0123456789`,
      preferencesUrl: `${ORIGIN}/email/preferences?token=sample-manage-token-0123456789`,
    },
  },
  review_request: {
    subject: 'How was Afternoon tea with prosecco?',
    template: 'reviewRequest',
    data: {
      firstName: 'Sam',
      dealHeadline: 'Afternoon tea with prosecco',
      redeemedAt: '2026-03-14T15:30:00.000Z',
      reviewUrl: `${ORIGIN}/myaccount/vouchers#voucher-4182-review`,
    },
  },
  merchant_closed_refund: {
    subject: 'The Ivy Tea Rooms has closed: your refund',
    template: 'merchantClosed',
    data: {
      firstName: 'Sam',
      merchantName: 'The Ivy Tea Rooms',
      closedOn: '2026-03-02',
      currency: 'GBP',
      vouchers: [
        { code: 'TPC-58213-KD4W', headline: 'Afternoon tea with prosecco', amountMinor: 2499 },
        { code: 'TPC-58214-PQ7Z', headline: 'Afternoon tea with prosecco', amountMinor: 2499 },
      ],
      cardMinor: 3998,
      cardTo: 'your card or PayPal',
      walletMinor: 500,
      promoMinor: 500,
      bookings: [{ code: 'TPC-58213-KD4W', date: '2026-03-14' }],
    },
  },
  dispatch_reminder: {
    subject: 'Parcels due for dispatch: 2 orders',
    template: 'lateDelivery',
    data: {
      step: 'dispatchReminder',
      listPath: '/merchant/7/shipping',
      parcels: [
        {
          orderId: 5124,
          title: 'Wireless gaming headset with noise-cancelling microphone',
          quantity: 2,
          dispatchBy: '2026-12-04',
        },
        {
          orderId: 5131,
          title: 'Wireless gaming headset with noise-cancelling microphone',
          quantity: 1,
          dispatchBy: '2026-12-07',
        },
      ],
    },
  },
  late_delivery_notice: {
    subject: 'Your order 5124 is late: you can cancel it for a full refund',
    template: 'lateDelivery',
    data: {
      step: 'lateNotice',
      firstName: 'Sam',
      orderPath: '/myaccount/vouchers?order=5124',
      parcel: {
        orderId: 5124,
        title: 'Wireless gaming headset with noise-cancelling microphone',
        quantity: 2,
        dispatchBy: '2026-12-04',
      },
    },
  },
  late_delivery_cancelled: {
    subject: 'Order 5124: cancelled and refunded',
    template: 'lateDelivery',
    data: {
      step: 'cancelled',
      firstName: 'Sam',
      orderPath: '/myaccount/vouchers?order=5124',
      parcel: {
        orderId: 5124,
        title: 'Wireless gaming headset with noise-cancelling microphone',
        quantity: 2,
        dispatchBy: '2026-12-04',
      },
      currency: 'GBP',
      cardMinor: 7996,
      cardTo: 'your card',
      walletMinor: 1000,
    },
  },
  late_delivery_merchant: {
    subject: 'Order 5124 cancelled: not dispatched by Fri 4 Dec',
    template: 'lateDelivery',
    data: {
      step: 'merchantCancelled',
      listPath: '/merchant/7/shipping',
      parcel: {
        orderId: 5124,
        title: 'Wireless gaming headset with noise-cancelling microphone',
        quantity: 2,
        dispatchBy: '2026-12-04',
      },
    },
  },
  merchant_invite: {
    subject: 'Join The Ivy Tea Rooms on the Tuppence merchant dashboard',
    template: 'notice',
    data: {
      title: 'Join The Ivy Tea Rooms on Tuppence',
      greeting: 'Hello,',
      paragraphs: [
        "Priya has invited you to the Tuppence merchant dashboard for The Ivy Tea Rooms, where you can redeem customers' vouchers and see your deals.",
        'Sign in (or create an account) with this email address, jo.bloggs@ivytearooms.co.uk, to accept.',
      ],
      facts: [
        ['Merchant', 'The Ivy Tea Rooms'],
        ['Your role', 'Staff'],
      ],
      action: { label: 'Accept the invitation', url: `${ORIGIN}/merchant/invite/sample-invite-token-0123456789` },
      notes: ['The link works once and expires in 7 days. If you were not expecting it, ignore this email.'],
    },
  },
  gift_card: {
    subject: 'Your Tuppence gift cards',
    template: 'gift',
    data: {
      kind: 'gift-card',
      buyerName: 'Sam',
      cards: [
        {
          code: 'CARD-7KQM-4XPT-9WHD',
          value: { amountMinor: 2500, currency: 'GBP' },
          expiresAt: '2026-09-10T12:00:00.000Z',
        },
        {
          code: 'CARD-B3NR-8JVE-2LCF',
          value: { amountMinor: 2500, currency: 'GBP' },
          expiresAt: '2026-09-10T12:00:00.000Z',
        },
      ],
      redeemUrl: `${ORIGIN}/giftcard/redeem`,
    },
  },
  e_gift: {
    subject: 'Priya sent you a gift from Tuppence',
    template: 'gift',
    data: {
      kind: 'voucher',
      recipientName: 'Sam',
      senderName: 'Priya',
      message: 'Happy birthday, Sam! Enjoy a proper afternoon off.',
      code: 'GIFT-H4KD-9PXM-3TQW',
      what: 'Afternoon tea for two at The Ivy Tea Rooms',
      merchant: { name: 'The Ivy Tea Rooms', address: '12 High Street, Leeds, LS1 4AP' },
      expiresAt: '2026-09-30T22:59:59.000Z',
      claimUrl: `${ORIGIN}/mygift?code=GIFT-H4KD-9PXM-3TQW`,
    },
  },
  booking: {
    subject: 'Booking confirmed: 14 March 2026 with The Ivy Tea Rooms',
    template: 'booking',
    data: { ...BOOKING, step: 'confirmed', manageUrl: `${ORIGIN}/myaccount/vouchers` },
  },
  order_dispatched: {
    subject: 'Your order 5124 is on its way',
    template: 'orderDispatched',
    data: {
      firstName: 'Sam',
      orderId: 5124,
      merchantName: 'Northern Audio',
      items: [{ title: 'Wireless gaming headset with noise-cancelling microphone', quantity: 2 }],
      carrier: 'royal-mail',
      trackingNumber: 'AB123456789GB',
      trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
      deliverFrom: '2026-12-08',
      deliverBy: '2026-12-10',
      shipTo: 'Ada Lovelace, Leeds LS1 4AP',
    },
  },
  booking_merchant: {
    subject: 'Booking request: 14 March 2026 for Sam',
    template: 'booking',
    data: { ...BOOKING, step: 'requested', manageUrl: `${ORIGIN}/merchant/31/bookings` },
  },
  vip_renewed: {
    subject: 'Your Tuppence VIP membership has renewed',
    template: 'membership',
    brand: 'vip',
    data: {
      event: 'renewed',
      firstName: 'Sam',
      amount: { amountMinor: 499, currency: 'GBP' },
      paidWith: 'Visa ending 1881',
      renewedOn: '2026-03-10T12:00:00.000Z',
      nextRenewalOn: '2026-04-10T11:00:00.000Z',
    },
  },
  vip_ended: {
    subject: 'Your Tuppence VIP membership has ended',
    template: 'membership',
    brand: 'vip',
    data: { event: 'ended', firstName: 'Sam', reason: 'failed' },
  },
  vip_renewal_reminder: {
    subject: 'Your Tuppence VIP membership renews on 10 April 2026',
    template: 'membership',
    brand: 'vip',
    data: {
      event: 'reminder',
      firstName: 'Sam',
      amount: { amountMinor: 499, currency: 'GBP' },
      currentAmount: null,
      renewsOn: '2026-04-10T11:00:00.000Z',
      cancelUrl: `${ORIGIN}/vip/cancel?token=sample-cancel-token-sample-cancel-token`,
      coolingOffDays: 14,
    },
  },
  vip_cancelled: {
    subject: 'Your Tuppence VIP membership is cancelled',
    template: 'membership',
    brand: 'vip',
    data: {
      event: 'cancelled',
      firstName: 'Sam',
      refund: { amountMinor: 386, currency: 'GBP' },
      refundedTo: 'card',
      vipUntil: '2026-03-17T09:00:00.000Z',
    },
  },
  order_confirmation: {
    subject: 'Your Tuppence order 48213: your vouchers',
    template: 'orderConfirmation',
    data: {
      orderId: 48213,
      placedAt: '2026-06-01T09:30:00.000Z',
      firstName: 'Sam',
      lines: [
        {
          lineId: 90311,
          headline: 'Spa day with a 55-minute treatment and lunch at the Harrogate Grand',
          option: 'Spa day for one, weekdays',
          quantity: 1,
          picture: { path: '/images/deals/spa/31000010-1-800w', alt: 'The pool at the Harrogate Grand spa' },
          merchant: {
            name: 'The Harrogate Grand Spa',
            address: '14 Cold Bath Road, Harrogate, HG2 0NA',
            phone: '01423 496 012',
            bookingHours: null,
          },
          howToRedeem: [
            'Print and use it.',
            'Contact the merchant to book, quoting your voucher code.',
            'Show this voucher (printed or on your phone) to the merchant when you arrive.',
            'The merchant checks the security code, so keep it to yourself until then.',
          ],
          dates: null,
          vouchers: [
            {
              id: 712904,
              code: 'TP-7KQ4-M9XD',
              securityCode: '483920',
              status: 'ready',
              expiresAt: '2026-11-28T09:30:00.000Z',
            },
          ],
          cancellation: { kind: 'serviceVoucher', lastDay: '2026-06-15' },
        },
        {
          lineId: 90312,
          headline: 'Two nights at The Old Rectory in Bath, with breakfast',
          option: '2 nights for two, Friday check-in',
          quantity: 1,
          picture: {
            path: '/images/deals/travel-uk/31000015-1-800w',
            alt: 'The Old Rectory, a Georgian house in Bath',
          },
          merchant: {
            name: 'The Old Rectory',
            address: '4 Church Street, Bath, BA1 1LT',
            phone: '01225 496 300',
            bookingHours: 'Mon to Fri, 9am to 5pm',
          },
          howToRedeem: [
            'Travel documents expected from the merchant within 3 working days.',
            'If nothing has arrived after 3 working days, contact the merchant quoting your voucher code.',
          ],
          dates: { startDate: '2026-08-14', endDate: '2026-08-16', nights: 2, departureAirport: null },
          vouchers: [
            {
              id: 712905,
              code: 'TP-R2WE-8HJN',
              securityCode: '061377',
              status: 'booked',
              expiresAt: '2026-08-16T12:00:00.000Z',
            },
          ],
          cancellation: { kind: 'datedLeisure', startDate: '2026-08-14', endDate: '2026-08-16', refundLastDay: null },
        },
      ],
      summary: {
        currency: 'GBP',
        lines: [
          {
            title: 'Spa day with a 55-minute treatment and lunch at the Harrogate Grand: Spa day for one, weekdays',
            quantity: 1,
            amountMinor: 8010,
          },
          {
            title: 'Two nights at The Old Rectory in Bath, with breakfast: 2 nights for two, Friday check-in',
            quantity: 1,
            amountMinor: 15900,
          },
        ],
        postageMinor: 0,
        giftingMinor: 0,
        promotion: { code: 'SPRING10', discountMinor: 890 },
        totalMinor: 23910,
        walletMinor: 500,
        promotionalCreditMinor: 250,
        chargedMinor: 23160,
        payment: { method: 'credit_card', cardType: 'Visa', lastFour: '1111' },
        balancesDue: [],
      },
    },
  },
  addon_confirmation: {
    subject: 'Your Tuppence order 48377: voucher TP-7KQ4-M9XD extended',
    template: 'addonConfirmation',
    data: {
      orderId: 48377,
      placedAt: '2026-10-02T18:05:00.000Z',
      firstName: 'Sam',
      addon: { type: 'VVE', months: 2 },
      voucher: {
        code: 'TP-7KQ4-M9XD',
        headline: 'Spa day with a 55-minute treatment and lunch at the Harrogate Grand',
        option: 'Spa day for one, weekdays',
      },
      expiresAt: '2027-01-28T09:30:00.000Z',
      summary: {
        currency: 'GBP',
        lines: [{ title: 'Extension of voucher TP-7KQ4-M9XD by 2 months', quantity: 1, amountMinor: 1780 }],
        postageMinor: 0,
        giftingMinor: 0,
        promotion: null,
        totalMinor: 1780,
        walletMinor: 0,
        promotionalCreditMinor: 0,
        chargedMinor: 1780,
        payment: { method: 'credit_card', cardType: 'Visa', lastFour: null },
        balancesDue: [],
      },
    },
  },
};

/**
 * A sample drawn as delivery draws it (src/server/mail `contextOf`): in its brand, with the demo
 * trading details and its marketing links, every link and picture on `origin`.
 */
export function renderSample(sample: MailSample, origin: string = ORIGIN): Promise<RenderedBody> {
  const context: MailContext = {
    origin,
    subject: sample.subject,
    brand: sample.brand ?? DEFAULT_BRAND,
    trading: DEMO_TRADING,
    marketing: sample.marketing ?? null,
  };
  // A sample's template and data are each a union over the templates; the record pairs them.
  return renderTemplate(sample.template, sample.data as never, context);
}
