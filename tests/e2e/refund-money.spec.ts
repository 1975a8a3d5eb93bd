/**
 * Money follows every refund (docs/decisions/048), as the sender meets it on My Vouchers: a voucher
 * waiting in a gift is not refunded; a refund asked from a page opened before the gift was sent is
 * refused with spec 8 style words that say how to cancel the gift; the voucher says the same where its
 * refund would be, with "Cancel the gift"; once cancelled, the refund goes through.
 */

import { expect, test } from '@playwright/test';
import { LIFECYCLE_COPY } from '../../src/domain/voucher-lifecycle';
import { registerConfirmed } from './account-helpers';
import { AxeBuilder } from './axe';
import { eVoucherDeal } from './deal-fixtures';
import { addOptionToBasket, payBasketByCard } from './shopping';

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.co.uk`;

test('spec 8: a voucher waiting in a gift is refused a refund with words saying how to cancel the gift; once cancelled it refunds', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await registerConfirmed(page.request, { firstName: 'Ada', email: uniqueEmail('gift-refund'), password: 'Sunshine1' });
  await addOptionToBasket(page, { dealId: eVoucherDeal.id, productId: eVoucherDeal.productId });
  await payBasketByCard(page, 'gift-refund');

  // A second tab keeps My Vouchers as it was before the gift was sent.
  const stale = await context.newPage();
  await stale.goto('/myaccount/vouchers');
  await stale.getByText('Refund or exchange for credit').click();

  await page.goto('/myaccount/vouchers');
  await page.getByText('Send as a gift').click();
  await page.getByLabel('Their name').fill('Sam');
  await page.getByLabel('Their email').fill(uniqueEmail('gift-refund-friend'));
  await page.getByRole('button', { name: 'Send the gift' }).click();
  await expect(page.getByText(/Sent as a gift to Sam on/)).toBeVisible();

  // The old page's refund is refused, and the words say how to cancel the gift.
  await stale.getByRole('button', { name: 'Refund to my card' }).click();
  await expect(stale.getByRole('alert')).toHaveText(LIFECYCLE_COPY.giftWaiting);
  await stale.close();

  // The voucher says so where its refund would be, with the way out.
  await page.goto('/myaccount/vouchers');
  await expect(page.getByText(LIFECYCLE_COPY.giftWaiting)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refund to my card' })).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('gift-waiting-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath('gift-waiting-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Cancel the gift' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Gift cancelled' })).toHaveText(
    'Gift cancelled: the code we sent Sam no longer works, and the voucher is yours to use, refund or send again.',
  );
  await page.getByText('Refund or exchange for credit').click();
  await page.getByRole('button', { name: 'Refund to my card' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your refund' })).toHaveText(LIFECYCLE_COPY.refundedToCard);
});
