/**
 * What a shopper reads about how a deal of each spec 3 deal type is booked (decision 029):
 * shown on the deal page beside the options. Pure.
 */

export interface BookingGuide {
  heading: string;
  lines: string[];
}

export interface BookingGuideInput {
  dealType: string;
  bookingCalendarOnRedemption: boolean;
  merchantName: string;
  merchantPhone: string;
  /** When the merchant answers the phone for bookings, or null. */
  bookingHours: string | null;
  /** The options are sold by check-in date on this page. */
  isSoldByDate: boolean;
}

/** How booking works for this deal, or null for a standard deal used without booking. */
export function bookingGuide(input: BookingGuideInput): BookingGuide | null {
  const { dealType, merchantName, merchantPhone, bookingHours } = input;
  if (input.bookingCalendarOnRedemption) {
    return {
      heading: 'How booking works',
      lines: [
        'Buy now and choose your date later, from the voucher in My Vouchers.',
        `${merchantName} confirms your date, and your voucher then shows as Booked.`,
      ],
    };
  }
  switch (dealType) {
    case 'call-to-book':
      return {
        heading: 'How booking works',
        lines: [
          `After you buy, call ${merchantName} on ${merchantPhone} to book your dates, with your voucher code to hand.`,
          bookingHours
            ? `Bookings are taken ${bookingHours}.`
            : 'The merchant’s phone number is printed on your voucher.',
          'Book early: popular dates go first.',
        ],
      };
    case 'mystery-travel':
      return {
        heading: 'What you get',
        lines: [
          'Your destination is a surprise: everything listed in the options is included, wherever you go.',
          'Your destination and travel documents arrive from the merchant within 3 working days of booking.',
        ],
      };
    case 'choose-your-flight':
      return {
        heading: 'How booking works',
        lines: [
          'Choose the airport you’d like to fly from: any supplement is added to the price before you pay.',
          'Your voucher shows your airport; travel documents follow from the merchant within 3 working days.',
        ],
      };
    case 'standard-travel':
    case 'calendar':
      return input.isSoldByDate
        ? {
            heading: 'How booking works',
            lines: [
              'Choose your check-in date below: the price shown is for your whole stay on those dates.',
              'Your dates are booked when you pay, and shown on your voucher.',
            ],
          }
        : null;
    default:
      return null;
  }
}
