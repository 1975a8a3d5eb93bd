/**
 * The 30-day delivery promise (Consumer Rights Act 2015 s28; docs/decisions/051), as a shopper on a
 * phone meets it: a parcel ordered with a delivery address and not dispatched by its promised day
 * shows on the order page why and what a cancel gives back; one tap on "Cancel and refund" (a plain
 * form, no script needed) cancels it and refunds it in full to the card, and the page says so. The
 * parcel is made late through the dev tools' backdate endpoint (the e2e server has them on), as the
 * VIP reminder story sets its clock through an internal endpoint.
 */
import { expect, test } from '@playwright/test';
import { AxeBuilder } from './axe';
import { postalDeal } from './deal-fixtures';
import { signedInPage } from './merchant-helpers';
import { addOptionToBasket, payBasketByCard } from './shopping';

const OPERATOR = { Authorization: `Bearer ${process.env.OPERATOR_TOKEN ?? 'e2e-operator-token'}` };
const ADDRESS = {
  name: 'Ada Lovelace',
  line1: '12 Mill Lane',
  line2: 'Flat 2',
  town: 'Leeds',
  postcode: 'LS1 4AP',
  phone: '07700 900123',
};
const DAY = 86_400_000;

test('Consumer Rights Act 2015 s28: a shopper cancels a parcel not dispatched in time once, at 375 px, and sees the full refund to the card', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { page } = await signedInPage(browser, 'late-shopper', 'Ada');
  await page.setViewportSize({ width: 375, height: 800 });
  await addOptionToBasket(page, { dealId: postalDeal.id, productId: postalDeal.productId });
  const orderId = await payBasketByCard(page, 'late', { delivery: ADDRESS });

  // The parcel is made late: its order day and promise moved back past its dispatch day.
  const delivery = await (
    await page.request.get(`/api/internal/orders/${orderId}/delivery`, { headers: OPERATOR })
  ).json();
  const shipment = delivery.shipments[0] as { id: number; dispatchBy: string };
  const daysToLate = Math.ceil((new Date(`${shipment.dispatchBy}T12:00:00Z`).getTime() - Date.now()) / DAY) + 2;
  const moved = await page.request.post(`/api/internal/shipments/${shipment.id}/backdate`, {
    headers: OPERATOR,
    data: { days: Math.min(30, Math.max(1, daysToLate)) },
  });
  expect(moved.status()).toBe(200);

  await page.goto(`/myaccount/vouchers?order=${orderId}`);
  const late = page.locator(`#late-${shipment.id}`);
  await expect(late.locator('.late__text')).toHaveText(
    /^Not dispatched by \w{3} \d{1,2} \w{3}\. You can cancel this item for a full refund of £[\d.]+ to your card\.$/,
  );
  const offered = ((await late.locator('.late__text').textContent()) ?? '').match(/£[\d.]+/)?.[0] ?? '';
  expect(offered).not.toBe('');
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: '/tmp/shots/late-delivery-offer-375.png', fullPage: true });

  await late.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(page).toHaveURL(new RegExp(`late=cancelled&shipment=${shipment.id}`));
  const done = page.locator(`#late-${shipment.id}`);
  await expect(done.getByRole('status')).toHaveText(
    new RegExp(`^Cancelled on .+ — ${offered.replace('.', '\\.')} refunded to your card\\.$`),
  );
  await expect(done.getByRole('button', { name: 'Cancel and refund' })).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: '/tmp/shots/late-delivery-cancelled-375.png', fullPage: true });

  // A second submit (the form posted again) changes nothing and says it is already cancelled.
  const again = await page.request.post(`/api/v1/shipments/${shipment.id}/cancel`, { data: {} });
  expect(again.status()).toBe(200);
  expect(await again.json()).toMatchObject({ outcome: 'alreadyCancelled' });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/myaccount/vouchers?order=${orderId}`);
  await expect(page.locator(`#late-${shipment.id}`)).toContainText(`${offered} refunded to your card`);
  await page.screenshot({ path: '/tmp/shots/late-delivery-cancelled-1280.png', fullPage: true });
});
