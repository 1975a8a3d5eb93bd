/**
 * The voucher card on /myaccount/vouchers (decision 015), rendered as the server renders it: what a
 * shopper needs at the merchant, the spec 3 status wording, the Booked note for travel, and the
 * link to the printable PDF.
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, it } from 'vitest';
import VoucherCard from '../../src/components/vouchers/VoucherCard.astro';
import type { VoucherView } from '../../src/server/vouchers';

const voucher: VoucherView = {
  id: 41,
  orderId: 7,
  orderLineId: 9,
  userId: 3,
  code: 'TP-7KQ4-M9XD',
  securityCode: '042913',
  status: 'ready',
  statusLabel: 'Ready to Redeem',
  statusDescription: 'print and use it',
  expiresAt: new Date('2027-09-01T12:00:00Z'),
  createdAt: new Date('2027-03-01T12:00:00Z'),
  dealId: 100,
  dealHeadline: 'Afternoon tea for two at The Willow',
  productTitle: 'Afternoon tea for 2',
  isTravel: false,
  merchantName: 'The Willow Tearooms',
  merchantAddress: '217 Sauchiehall Street, Glasgow, G2 3EX',
  merchantPhone: '0141 332 0521',
  dealType: 'standard',
  deliveryType: 'e-voucher',
  bookingCalendarOnRedemption: false,
  imageUrl: '/images/deals/tea/100-0.svg',
  imageAlt: 'Tea',
  merchantId: 9,
  merchantBookingHours: null,
  checkInDate: null,
  checkOutDate: null,
  numberOfNights: null,
  departureAirport: null,
  balanceDue: null,
};

describe('voucher card', () => {
  let container: AstroContainer;
  beforeAll(async () => {
    container = await AstroContainer.create();
  });

  it('shows the deal, merchant, status, both codes, the expiry and a Print voucher link to the PDF', async () => {
    const html = await container.renderToString(VoucherCard, { props: { voucher } });
    for (const text of [
      'Afternoon tea for two at The Willow',
      'Afternoon tea for 2',
      'The Willow Tearooms',
      '217 Sauchiehall Street, Glasgow, G2 3EX',
      'Ready to Redeem',
      'Print and use it.',
      'TP-7KQ4-M9XD',
      '042913',
      '1 September 2027',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toMatch(/<a[^>]*href="\/api\/v1\/voucher\/41\/pdf"[^>]*>\s*Print voucher/);
    expect(html).toContain('alt=""');
    expect(html).not.toContain('Booked:');
  });

  it('spec 3: a booked travel voucher carries the Booked note', async () => {
    const html = await container.renderToString(VoucherCard, {
      props: {
        voucher: {
          ...voucher,
          isTravel: true,
          status: 'booked',
          statusLabel: 'Booked',
          statusDescription: 'travel documents expected from the merchant within 3 working days',
        },
      },
    });
    expect(html).toMatch(/Booked:<\/strong>\s*Travel documents expected from the merchant within 3 working days\./);
  });
});
