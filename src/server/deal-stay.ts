/**
 * What the deal page's travel chooser starts from (docs/decisions/029): each option's nights on
 * sale and departure airports, and what a hotel deep link (spec 2: arrival, departure, guests,
 * product_id) preselects. A deep link asking for something the deal cannot give is noted, never an
 * error.
 */
import type { DealDetail } from '@/contracts/deal-detail';
import { checkInDays, deepLinkDatesUnavailable, type StayDeepLink } from '@/domain/stays';
import type { Db } from '@/server/db';
import { listDepartureAirports, listStayNights } from '@/server/travel';

/** The chooser's props (StayChooser), or null when the deal sells no option by date or airport. */
export interface StayChoices {
  options: {
    id: number;
    price: DealDetail['products'][number]['price'];
    numberOfNights: number | null;
    nights: { night: string; roomsRemaining: number; supplementMinor: number }[];
    airports: { code: string; name: string; supplementMinor: number }[];
  }[];
  today: string;
  initialCheckIn: string | null;
}

export const DEEP_LINK_UNAVAILABLE =
  'Sorry, those dates are not available for this deal, so please choose other dates below.';

/**
 * The travel chooser's starting point. Adds a note to `deepLink.notes` when the link's dates are
 * good dates no option of the deal gives (spec 4 travel deep links; deepLinkDatesUnavailable).
 */
export async function loadStayChoices(
  db: Db,
  deal: DealDetail,
  today: string,
  deepLink: StayDeepLink,
): Promise<{ choices: StayChoices | null; selectedProductId?: number; initialQuantity?: number }> {
  const ids = deal.products.map((p) => p.id);
  const [nights, airports] = await Promise.all([listStayNights(db, ids, today), listDepartureAirports(db, ids)]);
  const buyable = deal.products.filter((p) => !p.isSoldOut && !p.vipExclusive);
  const asked = deal.products.find((p) => p.id === deepLink.productId);
  const forNights =
    deepLink.nights === undefined ? undefined : buyable.find((p) => p.numberOfNights === deepLink.nights);
  // A travel option with fixed dates matches a deep link by its own check-in.
  const forDate = deepLink.arrival === undefined ? undefined : buyable.find((p) => p.checkInDate === deepLink.arrival);
  const selected = asked ?? forDate ?? forNights;
  const initialQuantity = deal.pricePerPerson ? deepLink.guests : undefined;
  const result = {
    ...(selected === undefined ? {} : { selectedProductId: selected.id }),
    ...(initialQuantity === undefined ? {} : { initialQuantity }),
  };
  const fixedDateOption = forDate !== undefined;
  if (nights.size === 0 && airports.size === 0) {
    if (deal.isTravel && deepLinkDatesUnavailable(deepLink.arrival, { fixedDateOption, checkInOnSale: false }))
      deepLink.notes.push(DEEP_LINK_UNAVAILABLE);
    return { choices: null, ...result };
  }

  let initialCheckIn: string | null = null;
  const option = selected ?? buyable[0];
  if (deepLink.arrival !== undefined && option) {
    const stayNights = option.numberOfNights ?? deepLink.nights ?? 1;
    const days = checkInDays(nights.get(option.id) ?? [], stayNights, today);
    const wanted = days.find((d) => d.date === deepLink.arrival);
    const checkInOnSale =
      wanted?.isAvailable === true && (deepLink.nights === undefined || deepLink.nights === option.numberOfNights);
    if (checkInOnSale) initialCheckIn = wanted.date;
    // A fixed-date option checking in on the arrival is preselected above: those dates are available.
    if (deepLinkDatesUnavailable(deepLink.arrival, { fixedDateOption, checkInOnSale }))
      deepLink.notes.push(DEEP_LINK_UNAVAILABLE);
  }
  return {
    choices: {
      options: deal.products.map((p) => ({
        id: p.id,
        price: p.price,
        numberOfNights: p.numberOfNights,
        nights: nights.get(p.id) ?? [],
        airports: airports.get(p.id) ?? [],
      })),
      today,
      initialCheckIn,
    },
    ...result,
  };
}
