/**
 * Street names, postcodes and phone numbers for demo merchants. The towns the local address provider
 * knows (src/server/addresses, its fixture) keep their outward codes and streets there, so a demo
 * merchant in London sits on a street a London postcode lookup lists; the other towns are the demo's
 * own. Phone numbers come from the Ofcom ranges set aside for drama (020 7946 0xxx, 0141 496 0xxx,
 * 01632 960xxx ...), so no seeded number ever rings a real business.
 */
import { LOCAL_TOWNS } from '@/server/addresses';
import type { Random } from './random';

const fixture = <T>(field: (town: (typeof LOCAL_TOWNS)[string]) => T): Record<string, T> =>
  Object.fromEntries(Object.entries(LOCAL_TOWNS).map(([town, facts]) => [town, field(facts)]));

/** Plausible outward codes per town; the inward part is generated. */
export const OUTWARD_CODES: Readonly<Record<string, readonly string[]>> = {
  ...fixture((town) => town.outwardCodes),
  birmingham: ['B1', 'B2', 'B3', 'B5', 'B13', 'B15'],
  leeds: ['LS1', 'LS2', 'LS6', 'LS11'],
  liverpool: ['L1', 'L2', 'L3', 'L8', 'L17'],
  bristol: ['BS1', 'BS2', 'BS6', 'BS8'],
  newcastle: ['NE1', 'NE2', 'NE6'],
  sheffield: ['S1', 'S3', 'S10', 'S11'],
  nottingham: ['NG1', 'NG2', 'NG7'],
  leicester: ['LE1', 'LE2', 'LE3'],
  brighton: ['BN1', 'BN2', 'BN3'],
  aberdeen: ['AB10', 'AB11', 'AB24', 'AB25'],
  dundee: ['DD1', 'DD2', 'DD4'],
  inverness: ['IV1', 'IV2', 'IV3'],
  stirling: ['FK7', 'FK8', 'FK9'],
  perth: ['PH1', 'PH2'],
  swansea: ['SA1', 'SA2', 'SA3'],
  newport: ['NP19', 'NP20'],
  york: ['YO1', 'YO10', 'YO31'],
  hull: ['HU1', 'HU2', 'HU5'],
  bradford: ['BD1', 'BD3', 'BD9'],
  coventry: ['CV1', 'CV3', 'CV5'],
  wolverhampton: ['WV1', 'WV3'],
  'stoke-on-trent': ['ST1', 'ST4', 'ST6'],
  derby: ['DE1', 'DE22', 'DE23'],
  lincoln: ['LN1', 'LN2', 'LN6'],
  northampton: ['NN1', 'NN2', 'NN4'],
  cambridge: ['CB1', 'CB2', 'CB4'],
  norwich: ['NR1', 'NR2', 'NR3'],
  ipswich: ['IP1', 'IP3', 'IP4'],
  oxford: ['OX1', 'OX2', 'OX4'],
  reading: ['RG1', 'RG2', 'RG30'],
  southampton: ['SO14', 'SO15', 'SO17'],
  portsmouth: ['PO1', 'PO4', 'PO5'],
  bournemouth: ['BH1', 'BH2', 'BH5'],
  exeter: ['EX1', 'EX2', 'EX4'],
  plymouth: ['PL1', 'PL4'],
  bath: ['BA1', 'BA2'],
  cheltenham: ['GL50', 'GL51', 'GL52'],
  'milton-keynes': ['MK9', 'MK10', 'MK14'],
  preston: ['PR1', 'PR2'],
  blackpool: ['FY1', 'FY2', 'FY4'],
  chester: ['CH1', 'CH2', 'CH3'],
  sunderland: ['SR1', 'SR2'],
  middlesbrough: ['TS1', 'TS5'],
  durham: ['DH1'],
  harrogate: ['HG1', 'HG2'],
  canterbury: ['CT1', 'CT2'],
};

/** Well-known streets, so a Glasgow merchant can sit on Buchanan Street. */
export const TOWN_STREETS: Readonly<Record<string, readonly string[]>> = {
  ...fixture((town) => town.streets),
  birmingham: ['Colmore Row', 'Broad Street', 'Vyse Street', 'Bennetts Hill'],
  leeds: ['Briggate', 'Call Lane', 'The Calls', 'Boar Lane'],
  liverpool: ['Bold Street', 'Hope Street', 'Castle Street', 'Seel Street'],
  bristol: ['Park Street', 'Gloucester Road', 'Corn Street', 'Whiteladies Road'],
  newcastle: ['Grey Street', 'Dean Street', 'Collingwood Street'],
  aberdeen: ['Union Street', 'Belmont Street', 'Holburn Street'],
  york: ['Stonegate', 'Petergate', 'Micklegate'],
  bath: ['Milsom Street', 'Walcot Street'],
  brighton: ['North Street', 'Kensington Gardens', 'East Street'],
};

const STREET_FIRST = [
  'High',
  'Church',
  'Station',
  'Victoria',
  'Queen',
  'King',
  'Market',
  'Mill',
  'Park',
  'Castle',
  'Albert',
  'Bridge',
  'Chapel',
  'Grange',
  'Abbey',
  'Princes',
  'Regent',
  'Harbour',
  'Elm',
  'North',
];
const STREET_LAST = ['Street', 'Road', 'Lane', 'Square', 'Place', 'Terrace', 'Row', 'Parade', 'Walk', 'Crescent'];

/** Inward-code letters never include C, I, K, M, O or V. */
const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

type PhoneRange = readonly [prefix: string, digits: number];

/** Ofcom drama ranges: prefix plus how many free digits follow. */
const DRAMA_PHONES: Readonly<Record<string, PhoneRange>> = {
  london: ['020 7946 0', 3],
  manchester: ['0161 496 0', 3],
  birmingham: ['0121 496 0', 3],
  glasgow: ['0141 496 0', 3],
  edinburgh: ['0131 496 0', 3],
  leeds: ['0113 496 0', 3],
  sheffield: ['0114 496 0', 3],
  nottingham: ['0115 496 0', 3],
  leicester: ['0116 496 0', 3],
  bristol: ['0117 496 0', 3],
  reading: ['0118 496 0', 3],
  liverpool: ['0151 496 0', 3],
  newcastle: ['0191 498 0', 3],
  sunderland: ['0191 498 0', 3],
  durham: ['0191 498 0', 3],
  cardiff: ['029 2018 0', 3],
  belfast: ['028 9649 6', 3],
};
/** Ofcom's drama range with no real area behind it. */
const FALLBACK_PHONE: PhoneRange = ['01632 960', 3];

/** A street address line such as "12 Buchanan Street". */
export function streetAddress(rng: Random, townShortName: string): string {
  const known = TOWN_STREETS[townShortName];
  const street = known && rng.chance(0.6) ? rng.pick(known) : `${rng.pick(STREET_FIRST)} ${rng.pick(STREET_LAST)}`;
  return `${rng.int(1, 180)} ${street}`;
}

/** A full UK postcode in the town's area, such as "G1 2AB". */
export function postcode(rng: Random, townShortName: string): string {
  const outward = rng.pick(OUTWARD_CODES[townShortName] ?? ['AA1']);
  return `${outward} ${rng.int(1, 9)}${rng.pick([...INWARD_LETTERS])}${rng.pick([...INWARD_LETTERS])}`;
}

/** A phone number from the town's Ofcom drama range, such as "0141 496 0123". */
export function phoneNumber(rng: Random, townShortName: string): string {
  const [prefix, digits] = DRAMA_PHONES[townShortName] ?? FALLBACK_PHONE;
  return `${prefix}${String(rng.int(0, 10 ** digits - 1)).padStart(digits, '0')}`;
}

/** A website on the reserved .example domain, from the merchant's name. */
export function websiteFor(merchantName: string): string {
  const slug = merchantName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/['\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `https://www.${slug}.example.co.uk`;
}
