/**
 * The packing slip (docs/decisions/051): one A5 page per order a merchant packs, with the merchant's
 * name, the order number and date, the address to ship to, the items and quantities of this
 * merchant's parcels, and the delivery option the shopper chose. Drawn with pdf-lib like the returns
 * label (src/server/voucher-lifecycle/returns.ts). Personal data: served only to the merchant's members.
 */
import { PageSizes, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { describeArrival, formatDeliveryDay } from '@/domain/delivery';
import { formatLongDate } from '@/domain/format';
import type { DbOrTx } from '@/server/db';
import { listShipmentsToDispatch, type ShipmentToDispatch } from './dispatch';

export interface PackingSlip {
  merchantName: string;
  orderId: number;
  orderedAt: Date;
  parcels: ShipmentToDispatch[];
}

/** The merchant's packing slip of one order, or null when none of the order's parcels are theirs. */
export async function retrievePackingSlip(
  db: DbOrTx,
  input: { merchantId: number; merchantName: string; orderId: number },
): Promise<PackingSlip | null> {
  const parcels = await listShipmentsToDispatch(db, input.merchantId, { show: 'all', orderId: input.orderId });
  const [first] = parcels;
  if (first === undefined) return null;
  parcels.sort((a, b) => a.id - b.id);
  return { merchantName: input.merchantName, orderId: input.orderId, orderedAt: new Date(first.orderedAt), parcels };
}

/** The slip as PDF bytes. */
export async function renderPackingSlipPdf(slip: PackingSlip): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  pdf.setTitle(`Packing slip for order ${slip.orderId}`);
  pdf.setLanguage('en-GB');
  const page = pdf.addPage(PageSizes.A5);
  const { height } = page.getSize();
  const supported = new Set(regular.getCharacterSet());
  const clean = (text: string) =>
    [...text.replace(/[\u2013\u2014]/g, '-')].filter((c) => supported.has(c.codePointAt(0) ?? 0)).join('');
  let y = height - 48;
  const line = (text: string, size: number, font = regular, gap = 6) => {
    y -= size;
    page.drawText(clean(text), { x: 40, y, size, font, color: rgb(0.1, 0.1, 0.12), maxWidth: 340 });
    y -= gap;
  };
  const [first] = slip.parcels;
  if (first === undefined) throw new Error('a packing slip needs a parcel');
  const { address } = first;
  line('PACKING SLIP', 20, bold, 10);
  line(slip.merchantName, 14, bold, 14);
  line(`Order number: ${slip.orderId}`, 12, bold);
  line(`Ordered: ${formatLongDate(slip.orderedAt)}`, 10, regular, 14);
  line('Ship to', 10);
  line(address.name, 14, bold);
  line(address.line1, 12);
  if (address.line2 !== '') line(address.line2, 12);
  line(address.town, 12);
  line(address.postcode, 16, bold, 8);
  if (address.phone !== '') line(`Phone: ${address.phone}`, 10);
  y -= 10;
  line('Items', 10, bold);
  for (const parcel of slip.parcels) {
    line(`${parcel.quantity} x ${parcel.title}`, 12, regular, 2);
    line(`Parcel ${parcel.reference} · ${parcel.methodLabel}`, 9, regular, 8);
  }
  y -= 6;
  line(`Delivery option: ${first.methodLabel}`, 10, bold);
  line(`Dispatch by ${formatDeliveryDay(first.dispatchBy)}. ${describeArrival(first)}.`, 10);
  return pdf.save();
}
