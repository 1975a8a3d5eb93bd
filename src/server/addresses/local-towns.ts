/**
 * The local address provider's own fixture (docs/decisions/028-gifting.md, 036): a few towns, the
 * outward codes of their postcodes and some of their streets. A full postcode in one of these
 * outward codes lists houses on one of the town's streets; the provider needs no network and no
 * database. Keyed by the town's reference short name (src/server/reference), which gives its name.
 * The demo seed puts its merchants on these streets too (scripts/seed/addresses.ts).
 */
export interface LocalTown {
  /** Outward codes of the town's postcodes ("SW3"); the inward part is any. */
  outwardCodes: readonly string[];
  /** Streets its postcodes are on; a postcode picks one by its hash. */
  streets: readonly string[];
}

export const LOCAL_TOWNS: Readonly<Record<string, LocalTown>> = {
  london: {
    outwardCodes: ['EC1V', 'EC2A', 'WC2H', 'W1D', 'W1F', 'SE1', 'E1', 'N1', 'NW1', 'SW3', 'W2', 'E14'],
    streets: [
      'Charlotte Street',
      'Marylebone High Street',
      'Exmouth Market',
      'Upper Street',
      'Borough High Street',
      'Old Compton Street',
      'Columbia Road',
    ],
  },
  glasgow: {
    outwardCodes: ['G1', 'G2', 'G3', 'G11', 'G12', 'G41'],
    streets: ['Buchanan Street', 'Sauchiehall Street', 'Byres Road', 'Ingram Street', 'Argyle Street'],
  },
  edinburgh: {
    outwardCodes: ['EH1', 'EH2', 'EH3', 'EH6', 'EH10'],
    streets: ['Rose Street', 'George Street', 'Grassmarket', 'Broughton Street', 'The Shore'],
  },
  manchester: {
    outwardCodes: ['M1', 'M2', 'M3', 'M4', 'M15', 'M20'],
    streets: ['Deansgate', 'King Street', 'Oldham Street', 'Thomas Street', 'Tib Street'],
  },
  cardiff: {
    outwardCodes: ['CF10', 'CF11', 'CF24'],
    streets: ['St Mary Street', 'Mill Lane', 'Womanby Street'],
  },
  belfast: {
    outwardCodes: ['BT1', 'BT2', 'BT7', 'BT9'],
    streets: ['Botanic Avenue', 'Ann Street', 'Hill Street'],
  },
};
