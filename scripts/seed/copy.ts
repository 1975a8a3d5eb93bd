/**
 * The seed's copy: profiles per sub-category (in copy-*.ts), the word banks merchant names
 * are made from, and the generic voucher terms every deal carries.
 * Names are invented; none is meant to be a real brand.
 */
import { BEAUTY_PROFILES } from './copy-beauty';
import { FOOD_PROFILES } from './copy-food';
import { LEISURE_PROFILES } from './copy-leisure';
import { SHOP_PROFILES } from './copy-shop';
import { TRAVEL_PROFILES } from './copy-travel';
import type { CopyProfile, Segment } from './copy-types';
import type { Random } from './random';

export { phoneNumber, postcode, streetAddress, websiteFor } from './addresses';
export type { CopyProfile, OptionTemplate, PackageTemplate, Segment } from './copy-types';

export const COPY_PROFILES: readonly CopyProfile[] = [
  ...FOOD_PROFILES,
  ...BEAUTY_PROFILES,
  ...LEISURE_PROFILES,
  ...TRAVEL_PROFILES,
  ...SHOP_PROFILES,
];

const BY_SEGMENT = new Map<Segment, readonly CopyProfile[]>();
for (const profile of COPY_PROFILES) {
  BY_SEGMENT.set(profile.segment, [...(BY_SEGMENT.get(profile.segment) ?? []), profile]);
}

/** The profiles of one segment, with their weights, ready for a weighted pick. */
export function profilesFor(segment: Segment): ReadonlyArray<readonly [CopyProfile, number]> {
  return (BY_SEGMENT.get(segment) ?? []).map((profile) => [profile, profile.weight] as const);
}

/** spec 1: the wellness collection is spa days, massages and facials. */
export const WELLNESS_SUB_CATEGORY_IDS: readonly number[] = [121, 124, 125];
/** Spa towns where wellness-collection merchants are based. */
export const WELLNESS_TOWNS: readonly string[] = [
  'harrogate',
  'bath',
  'cheltenham',
  'edinburgh',
  'london',
  'manchester',
  'perth',
  'chester',
];

/** The profile of a sub-category. */
export function copyProfile(subCategoryId: number): CopyProfile {
  const profile = COPY_PROFILES.find((candidate) => candidate.subCategoryId === subCategoryId);
  if (!profile) throw new RangeError(`No seed copy for sub-category ${subCategoryId}`);
  return profile;
}

const WORDS: Readonly<Record<string, readonly string[]>> = {
  adj: [
    'Elmwood',
    'Willow',
    'Juniper',
    'Heather',
    'Copper Beech',
    'Larkspur',
    'Ivy',
    'Rowan',
    'Bramble',
    'Linden',
    'Saffron',
    'Marigold',
    'Silver Birch',
    'Hawthorn',
    'Oakleaf',
    'Thistle',
    'Wren',
    'Foxglove',
    'Harbour',
    'Meadow',
    'Kingfisher',
    'Lantern',
    'Bluebell',
    'Amberley',
    'Primrose',
    'Greenhouse',
    'Old Mill',
    'Granary',
    'Brambling',
    'Fernhill',
  ],
  surname: [
    'Hartley',
    'Ashford',
    'Pemberton',
    'Calloway',
    'Rennie',
    'Gallagher',
    'Whitlock',
    'Mackintosh',
    'Fairbairn',
    'Thornton',
    'Beaumont',
    'Cavendish',
    'Drummond',
    'Ellison',
    'Harcourt',
    'Lindqvist',
    'Okafor',
    'Patel',
    'Sinclair',
    'Wyndham',
  ],
  it: [
    'Lucia',
    'Marco',
    'Giorgio',
    'Rosa',
    'Vesuvio',
    'Amalfi',
    'Sorrento',
    'Nonna',
    'Bella',
    'Toscana',
    'Portofino',
    'Luca',
  ],
  in: [
    'Jaipur',
    'Kesari',
    'Masala',
    'Tamarind',
    'Monsoon',
    'Chilli',
    'Saffron',
    'Lotus',
    'Bombay',
    'Kerala',
    'Punjab',
    'Mumtaz',
  ],
  jp: ['Hikari', 'Sakura', 'Koi', 'Kumo', 'Umi', 'Hana', 'Yuki', 'Kaze', 'Tora', 'Momiji'],
  es: ['Sol', 'Olivo', 'Flamenco', 'Andaluz', 'Pimiento', 'Toro', 'Lorca', 'Azul', 'Bravo', 'Sevilla'],
};

/** Replaces {key} with values; unknown keys are left as they are. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** A merchant name from one of the profile's patterns. */
export function merchantName(rng: Random, profile: CopyProfile, townName: string): string {
  const pattern = rng.pick(profile.merchantNames);
  return pattern.replace(/\{(\w+)\}/g, (whole, key: string) => {
    if (key === 'town') return townName;
    const bank = WORDS[key];
    return bank ? rng.pick(bank) : whole;
  });
}

/** How long the voucher lasts; always the first line of the fine print. */
export const VALIDITY_TERMS = [
  'Valid for 3 months from purchase',
  'Valid for 6 months from purchase',
  'Valid for 12 months from purchase',
] as const;

/** Generic terms by segment, added after the profile's own terms. */
export const GENERIC_TERMS: Readonly<Record<Segment, readonly string[]>> = {
  local: [
    'Not valid on bank holidays',
    'Cannot be used with any other offer',
    'Present your voucher on arrival',
    'Limit of 1 voucher per visit; you may buy more as gifts',
    'Refundable within 14 days of purchase if unused',
  ],
  shop: [
    'Cannot be used with any other offer',
    'Colours may vary slightly from images',
    'Refundable within 14 days of delivery',
  ],
  'travel-uk': [
    'Voucher must be redeemed before the booking deadline',
    'Check-in from 3pm, check-out by 11am',
    'Children and pets by arrangement with the hotel',
  ],
  'travel-abroad': [
    'Flight times confirmed after booking',
    'Airport transfers not included unless stated',
    'Travel insurance is strongly recommended',
  ],
  escape: [
    'Voucher must be redeemed before the booking deadline',
    'Check-in from 3pm, check-out by 11am',
    'Dogs welcome in selected rooms for a fee',
  ],
};
