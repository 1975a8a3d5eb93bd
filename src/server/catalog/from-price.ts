/**
 * A deal's listed "from" price (kept on the deal so lists sort and filter without a join): the
 * option anyone can buy (visible, enabled, not VIP-only, not sold out for good) one unit of which
 * costs least with standard delivery, the cheaper price first on a tie (DMCC Act 2024;
 * docs/decisions/051 "Shown prices"). Rewritten when prices change and when an option sells out or
 * comes back, so a card never shows a price nobody can pay.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import { POSTAL_DELIVERY_TYPE } from '@/domain/delivery';
import type { DbOrTx } from '@/server/db';
import { deals } from './schema';

/** The standard postage a unit of option fp carries in its shown price: its postage on a posted deal, else 0. */
const fromPostage = sql`case when ${deals.deliveryType} = ${POSTAL_DELIVERY_TYPE} then fp.postage_price_minor else 0 end`;

/** One column of deal `id`'s from option, inside an update of that deal. */
function fromOption(id: number, column: SQL): SQL {
  return sql`select ${column} from deal_products fp
    where fp.deal_id = ${id} and fp.visibility = 'visible' and not fp.disabled and not fp.vip_exclusive
      and not exists (select 1 from deal_product_stock s where s.product_id = fp.id and s.quantity_remaining = 0)
    order by fp.price_minor + ${fromPostage}, fp.price_minor, fp.id limit 1`;
}

/** The from columns of deal `id` as they should be now; a deal with no option left keeps its last figures. */
export function fromPriceColumns(id: number) {
  return {
    fromPriceMinor: sql`coalesce((${fromOption(id, sql`fp.price_minor`)}), ${deals.fromPriceMinor})`,
    fromOriginalPriceMinor: sql`coalesce((${fromOption(id, sql`fp.original_price_minor`)}), ${deals.fromOriginalPriceMinor})`,
    fromPostageMinor: sql`coalesce((${fromOption(id, fromPostage)}), ${deals.fromPostageMinor})`,
  };
}

/** Rewrites deal `id`'s from price in the caller's transaction. */
export async function refreshFromPrice(tx: DbOrTx, id: number): Promise<void> {
  await tx.update(deals).set(fromPriceColumns(id)).where(eq(deals.id, id));
}
