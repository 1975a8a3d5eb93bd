/**
 * Reads a voucher PDF back the way a person would: the words on the page (inflated content
 * streams) and the QR code (the image XObject's pixels, decoded with jsQR).
 */
import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { PDFDocument, PDFName, type PDFNumber, PDFRawStream } from 'pdf-lib';

export interface ReadPdf {
  title: string | undefined;
  pageCount: number;
  /** Every string the pages show, joined by newlines. */
  text: string;
  /** What each QR code on the pages says. */
  qrCodes: string[];
}

function decodeHex(hex: string): string {
  const clean = hex.replace(/\s+/g, '');
  let out = '';
  for (let i = 0; i < clean.length; i += 2) out += String.fromCharCode(Number.parseInt(clean.slice(i, i + 2), 16));
  return out;
}

/** The strings shown by Tj operators in a content stream (pdf-lib writes them as hex strings). */
function shownText(content: string): string[] {
  const shown: string[] = [];
  for (const match of content.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
    shown.push(match[1] !== undefined ? decodeHex(match[1]) : (match[2] ?? '').replace(/\\(.)/g, '$1'));
  }
  return shown;
}

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const text: string[] = [];
  const qrCodes: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const dict = object.dict;
    const raw =
      dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode')
        ? inflateSync(object.contents)
        : Buffer.from(object.contents);
    if (dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) {
      if (dict.get(PDFName.of('ColorSpace')) !== PDFName.of('DeviceRGB')) continue; // the alpha mask
      const width = (dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
      const height = (dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
      const rgba = new Uint8ClampedArray(width * height * 4);
      for (let i = 0; i < width * height; i += 1) {
        rgba[i * 4] = raw[i * 3] ?? 0;
        rgba[i * 4 + 1] = raw[i * 3 + 1] ?? 0;
        rgba[i * 4 + 2] = raw[i * 3 + 2] ?? 0;
        rgba[i * 4 + 3] = 255;
      }
      const found = jsQR(rgba, width, height);
      if (found) qrCodes.push(found.data);
    } else {
      text.push(...shownText(raw.toString('latin1')));
    }
  }
  return { title: pdf.getTitle(), pageCount: pdf.getPageCount(), text: text.join('\n'), qrCodes };
}
