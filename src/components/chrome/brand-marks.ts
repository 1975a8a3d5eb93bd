/**
 * Brand marks and wordmark geometry for the inline SVG logos (spec 1: six brands).
 * Pure data, so the header logo, the favicon and the files in public/brand share one drawing.
 */
import type { Brand } from '@/domain/brands';

/** One shape of a 32x32 mark: `base` takes the mark colour, `detail` the colour drawn on it. */
export interface MarkShape {
  d: string;
  tone: 'base' | 'detail';
  /** Draw as a stroke (for rings and clock hands) instead of a fill. */
  stroke?: number;
}

/** Each brand's 32x32 symbol, drawn to read at favicon size. */
export const BRAND_MARKS: Record<Brand, readonly MarkShape[]> = {
  // A coin (tuppence) with a rim and a bold "t".
  tuppence: [
    { d: 'M16 1a15 15 0 1 1 0 30a15 15 0 1 1 0-30z', tone: 'base' },
    { d: 'M16 4.5a11.5 11.5 0 1 1 0 23a11.5 11.5 0 1 1 0-23z', tone: 'detail', stroke: 1.4 },
    {
      d: 'M14.2 8.5h3.6v3.8h3.6v3.3h-3.6v5.3c0 .9.5 1.4 1.4 1.4h2.2v3.3h-2.9c-2.9 0-4.3-1.4-4.3-4.2v-5.8h-2.5v-3.3h2.5z',
      tone: 'detail',
    },
  ],
  // A house-shaped price tag with a percent sign.
  dealhouse: [
    { d: 'M16 2.2l13 10.6v15.4c0 1-.8 1.8-1.8 1.8H4.8c-1 0-1.8-.8-1.8-1.8V12.8z', tone: 'base' },
    { d: 'M12 13.2a2.6 2.6 0 1 1 0 5.2a2.6 2.6 0 1 1 0-5.2z', tone: 'detail' },
    { d: 'M20 20.4a2.6 2.6 0 1 1 0 5.2a2.6 2.6 0 1 1 0-5.2z', tone: 'detail' },
    { d: 'M20.6 13.6l-9.2 11.6', tone: 'detail', stroke: 2.2 },
  ],
  // A heart with a little sparkle.
  treatly: [
    {
      d: 'M16 29s-13-7.6-13-17.1C3 7 6.6 3.5 10.9 3.5c2.3 0 4 1.1 5.1 2.8 1.1-1.7 2.8-2.8 5.1-2.8C25.4 3.5 29 7 29 11.9 29 21.4 16 29 16 29z',
      tone: 'base',
    },
    { d: 'M21.5 8.5l1 2.4 2.4 1-2.4 1-1 2.4-1-2.4-2.4-1 2.4-1z', tone: 'detail' },
  ],
  // A clock at five o'clock.
  fivepm: [
    { d: 'M16 1a15 15 0 1 1 0 30a15 15 0 1 1 0-30z', tone: 'base' },
    { d: 'M16 7v9l5 7.2', tone: 'detail', stroke: 2.8 },
    { d: 'M16 14.4a1.9 1.9 0 1 1 0 3.8a1.9 1.9 0 1 1 0-3.8z', tone: 'detail' },
  ],
  // A crown.
  vip: [
    { d: 'M3 9l6.5 6L16 4l6.5 11L29 9l-2.6 16H5.6z', tone: 'base' },
    { d: 'M5.4 27.2h21.2V30H5.4z', tone: 'base' },
    { d: 'M16 15.2a2 2 0 1 1 0 4a2 2 0 1 1 0-4z', tone: 'detail' },
  ],
  // A leaf with its vein.
  wellness: [
    {
      d: 'M27.5 3.5C14 3.5 4.5 9.8 4.5 20c0 2.6.8 4.9 2 6.6C8.2 28.1 10.6 29 13.3 29 23.6 29 28.5 18 27.5 3.5z',
      tone: 'base',
    },
    { d: 'M6.4 27.4C11 19.8 16.4 14 22.6 9.4', tone: 'detail', stroke: 2 },
  ],
};

/** The wordmark split: the brand word, then an optional tag (VIP, Wellness) drawn as a pill. */
export interface WordmarkLayout {
  word: string;
  tag: string | null;
  wordWidth: number;
  tagWidth: number;
  /** Total viewBox width for a 32-unit-high logo (mark + gap + word [+ gap + tag]). */
  width: number;
}

export const WORDMARK_FONT_SIZE = 24;
export const TAG_FONT_SIZE = 11;
const MARK_SIZE = 32;
const GAP = 7;

/** Rough advance widths (in em) of a bold system sans; textLength then fits the text exactly. */
function advance(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) {
    if (/[iljtfrI.' ]/.test(ch)) em += 0.36;
    else if (/[mwMW]/.test(ch)) em += 0.86;
    else if (/[A-Z]/.test(ch)) em += 0.7;
    else em += 0.6;
  }
  return Math.round(em * fontSize);
}

/** Lays out "Tuppence VIP" as word "Tuppence" + tag "VIP", so long names stay short on phones. */
export function wordmarkLayout(displayName: string): WordmarkLayout {
  const [word = displayName, ...rest] = displayName.split(' ');
  const tag = rest.length > 0 ? rest.join(' ') : null;
  const wordWidth = advance(word, WORDMARK_FONT_SIZE);
  const tagWidth = tag === null ? 0 : advance(tag.toUpperCase(), TAG_FONT_SIZE) + 14;
  const width = MARK_SIZE + GAP + wordWidth + (tag === null ? 0 : GAP - 2 + tagWidth);
  return { word, tag, wordWidth, tagWidth, width };
}

export const WORDMARK_GEOMETRY = { markSize: MARK_SIZE, gap: GAP } as const;
