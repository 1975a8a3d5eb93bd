/**
 * The printable voucher (docs/decisions/015): one A4 page with the brand, the deal, the merchant,
 * the code in large type, the security code, the expiry, short redeem instructions and a QR code of
 * the voucher code that a merchant's phone can scan.
 */
import { PageSizes, PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import { BRAND_INFO, type Brand, DEFAULT_BRAND } from '@/domain/brands';
import { formatLongDate } from '@/domain/format';
import { redeemInstructions } from '@/domain/vouchers';

/** What the PDF prints; a VoucherView from listVouchers / retrieveVoucher fits. */
export interface PrintableVoucher {
  code: string;
  securityCode: string;
  status: string;
  statusLabel: string;
  expiresAt: Date;
  dealHeadline: string;
  productTitle: string;
  merchantName: string;
  merchantAddress: string;
}

const MARGIN = 56;
const INK = rgb(0.13, 0.13, 0.16);
const MUTED = rgb(0.38, 0.38, 0.42);
const BRAND_COLOUR = rgb(0.35, 0.15, 0.42); // spec 3 default tier colour 5A266A, the brand purple

/** The standard PDF fonts speak WinAnsi only: anything else is dropped rather than failing the print. */
function printable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.replace(/\s+/g, ' ')].filter((char) => supported.has(char.codePointAt(0) ?? 0)).join('');
}

/** Splits text into lines that fit `width` at `size`. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line !== '' && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** Renders a voucher as a one-page A4 PDF (bytes), titled with the deal and the code. */
export async function renderVoucherPdf(
  voucher: PrintableVoucher,
  options: { brand?: Brand } = {},
): Promise<Uint8Array> {
  const brandName = BRAND_INFO[options.brand ?? DEFAULT_BRAND].displayName;
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  pdf.setTitle(`${brandName} voucher ${voucher.code}: ${printable(regular, voucher.dealHeadline)}`);
  pdf.setAuthor(brandName);
  pdf.setSubject(`Voucher ${voucher.code}`);
  pdf.setCreator(brandName);
  pdf.setLanguage('en-GB');

  const page = pdf.addPage(PageSizes.A4);
  const { width, height } = page.getSize();
  const textWidth = width - MARGIN * 2;
  let y = height - MARGIN;

  const write = (text: string, font: PDFFont, size: number, colour = INK, gapAfter = 6) => {
    for (const line of wrap(font, printable(font, text), size, textWidth)) {
      y -= size;
      page.drawText(line, { x: MARGIN, y, size, font, color: colour });
      y -= size * 0.3;
    }
    y -= gapAfter;
  };

  write(brandName, bold, 22, BRAND_COLOUR, 4);
  write('Voucher', regular, 12, MUTED, 18);
  write(voucher.dealHeadline, bold, 18, INK, 4);
  write(voucher.productTitle, regular, 13, INK, 14);
  write(voucher.merchantName, bold, 12, INK, 2);
  write(voucher.merchantAddress, regular, 12, MUTED, 24);

  // The code and the QR code side by side: the merchant types one or scans the other.
  const qrSize = 150;
  const blockTop = y;
  const qr = await QRCode.toBuffer(voucher.code, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
  const qrImage = await pdf.embedPng(qr);
  page.drawImage(qrImage, { x: width - MARGIN - qrSize, y: blockTop - qrSize, width: qrSize, height: qrSize });
  write('Voucher code', regular, 11, MUTED, 2);
  write(voucher.code, bold, 34, INK, 10);
  write('Security code', regular, 11, MUTED, 2);
  write(voucher.securityCode, bold, 20, INK, 10);
  write('Expires', regular, 11, MUTED, 2);
  write(formatLongDate(voucher.expiresAt), bold, 14, INK, 10);
  write('Status', regular, 11, MUTED, 2);
  write(voucher.statusLabel, bold, 14, INK, 10);
  y = Math.min(y, blockTop - qrSize - 20);

  write('How to redeem', bold, 14, INK, 4);
  for (const line of redeemInstructions(voucher.status)) write(line, regular, 12, INK, 2);
  y -= 12;
  write(`Questions about this voucher? Contact ${brandName} customer support.`, regular, 10, MUTED);
  return pdf.save();
}
