/**
 * UK postcodes for the near-me page (spec 5: "Enter a valid postcode"). A postcode is read, its
 * area letters looked up in POSTCODE_AREA_CENTRES, and that point handed to nearestPlace.
 * Pure: no I/O.
 */
import type { LatLon } from './geo';
import { POSTCODE_AREA_CENTRES } from './postcode-areas';

/**
 * A full UK postcode (outward code, optional space, inward code) or an outward code alone.
 * Outward: A9, A99, AA9, AA99, A9A, AA9A. Inward: 9AA.
 */
const POSTCODE = /^([A-Z]{1,2})(\d[A-Z\d]?)(?: ?(\d[A-Z]{2}))?$/;

export interface Postcode {
  /** The area letters: LS, M, EH. */
  area: string;
  /** The outward code: LS1, M60, EH12. */
  outward: string;
  /** The inward code (4AP), or null when only the outward code was given. */
  inward: string | null;
  /** Formatted the Royal Mail way: "LS1 4AP" (or "LS1"). */
  formatted: string;
}

/** Reads a UK postcode or outward code, ignoring case and spacing; null when it is not one. */
export function parsePostcode(input: string): Postcode | null {
  const compact = input.trim().toUpperCase().replace(/\s+/g, ' ');
  const match = POSTCODE.exec(compact);
  if (!match) return null;
  const [, area = '', district = '', inward] = match;
  const outward = `${area}${district}`;
  // The inward code needs its own space: "LS14AP" is LS1 4AP, never LS14 AP.
  const formatted = inward ? `${outward} ${inward}` : outward;
  return { area, outward, inward: inward ?? null, formatted };
}

/** True when the input reads as a postcode attempt rather than a town name (it has a digit). */
export function looksLikePostcode(input: string): boolean {
  return /\d/.test(input);
}

/** The approximate centre of a postcode's area, or null for an area with no place (BF, BX, unknown). */
export function postcodeCentre(postcode: Postcode): LatLon | null {
  const centre = POSTCODE_AREA_CENTRES[postcode.area];
  return centre ? { lat: centre[0], lon: centre[1] } : null;
}
