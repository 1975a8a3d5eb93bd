/**
 * The check-in calendar and departure airports of a travel deal (decision 029), shown inside the product
 * chooser (only on deal pages whose options are sold by date or fly from a choice of airports; no
 * other deal page loads it). Every day is a radio button of one group, so arrow keys move between
 * the bookable days and a screen reader hears the date, the price and whether it can be booked; the
 * server renders it from the starting choice, so it works before (and without) JavaScript. The
 * fields belong to the chooser's "Buy now" form through their `form` attribute. No date library:
 * ISO days and Intl.DateTimeFormat.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState } from 'react';
import type { Money } from '@/contracts/deal';
import { isFeatureOn } from '@/domain/experiments';
import { formatMoney } from '@/domain/money';
import { addDays, type CheckInDay, checkInDays, type StayNight, staySupplement } from '@/domain/stays';
import { $bcor, setStayExtra } from '@/stores/bcor';
import { browserVariant, reportExposure } from '@/stores/experiments';

export interface StayOption {
  id: number;
  price: Money;
  numberOfNights: number | null;
  nights: StayNight[];
  airports: { code: string; name: string; supplementMinor: number }[];
}

type Props = {
  dealId: number;
  formId: string;
  options: StayOption[];
  /** Today's date (the server's clock), YYYY-MM-DD. */
  today: string;
  /** The option the server chose (deep link, /deal/{id}/{productId}, or the first). */
  initialProductId: number | null;
  /** A deep link's arrival date, when good. */
  initialCheckIn?: string | null;
};

const dayName = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
const asDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const nightsText = (n: number) => (n === 1 ? '1 night' : `${n} nights`);

/** The days grouped by calendar month, in order. */
function byMonth(days: CheckInDay[]): { key: string; label: string; days: CheckInDay[] }[] {
  const months = new Map<string, CheckInDay[]>();
  for (const day of days) {
    const key = day.date.slice(0, 7);
    months.set(key, [...(months.get(key) ?? []), day]);
  }
  return [...months].map(([key, list]) => ({ key, label: monthName.format(asDate(`${key}-01`)), days: list }));
}

/** Monday-first column of a day (0 to 6). */
const column = (iso: string) => (asDate(iso).getUTCDay() + 6) % 7;

export default function StayChooser({ dealId, formId, options, today, initialProductId, initialCheckIn }: Props) {
  const id = useId();
  const stored = useStore($bcor);
  const selection = stored.currentDealId === dealId ? stored.selection : initialProductId;
  const option = options.find((o) => o.id === selection) ?? null;
  const stayNights = option?.numberOfNights ?? null;
  const days = useMemo(
    () => (option && stayNights !== null ? checkInDays(option.nights, stayNights, today) : []),
    [option, stayNights, today],
  );
  const [checkIn, setCheckIn] = useState<string | null>(initialCheckIn ?? null);
  const [airport, setAirport] = useState<string | null>(option?.airports[0]?.code ?? null);
  const chosenDay = days.find((d) => d.date === checkIn && d.isAvailable) ?? null;
  const chosenAirport = option?.airports.find((a) => a.code === airport) ?? option?.airports[0] ?? null;
  // spec 4 booking calendar gift (b): the calendar offers "Buy as a gift" (decision 058). Read after
  // hydration, so the cached deal page's HTML is the same for every variant.
  const [offersGift, setOffersGift] = useState(false);
  const hasCalendar = stayNights !== null && (option?.nights.length ?? 0) > 0;
  useEffect(() => {
    if (!hasCalendar) return;
    setOffersGift(isFeatureOn(browserVariant('bookingCalendarGift')));
    reportExposure('bookingCalendarGift');
  }, [hasCalendar]);

  // A change of option or nights keeps the check-in only while it can still be booked.
  useEffect(() => {
    if (checkIn !== null && !days.some((d) => d.date === checkIn && d.isAvailable)) setCheckIn(null);
  }, [days, checkIn]);
  useEffect(() => {
    if (option && option.airports.length > 0 && !option.airports.some((a) => a.code === airport)) {
      setAirport(option.airports[0]?.code ?? null);
    }
  }, [option, airport]);
  useEffect(() => {
    const stay =
      option && chosenDay && stayNights !== null
        ? (staySupplement(option.nights, chosenDay.date, stayNights, 0) ?? 0)
        : 0;
    setStayExtra(stay + (chosenAirport?.supplementMinor ?? 0));
  }, [option, chosenDay, stayNights, chosenAirport]);

  if (!option) return null;
  const currency = option.price.currency;
  const priceOn = (day: CheckInDay) =>
    formatMoney({
      currency,
      amountMinor: option.price.amountMinor + day.supplementMinor + (chosenAirport?.supplementMinor ?? 0),
    });
  const anyAvailable = days.some((d) => d.isAvailable);

  return (
    <div className="stay">
      {option.airports.length > 0 && (
        <fieldset className="stay__airports">
          <legend>Fly from</legend>
          {option.airports.map((a) => (
            <label key={a.code} className="stay__airport">
              <input
                type="radio"
                name="departureAirport"
                form={formId}
                value={a.code}
                checked={chosenAirport?.code === a.code}
                onChange={() => setAirport(a.code)}
              />{' '}
              {a.name} ({a.code})
              <span className="stay__supplement">
                {a.supplementMinor === 0 ? 'included' : `+${formatMoney({ currency, amountMinor: a.supplementMinor })}`}
              </span>
            </label>
          ))}
        </fieldset>
      )}

      {stayNights !== null && option.nights.length > 0 && (
        <fieldset className="stay__calendar" aria-describedby={`${id}-stay-summary`}>
          <legend>Check-in date for {nightsText(stayNights)}</legend>
          {!anyAvailable && <p className="stay__none">Sorry, there are no dates left for this option. Try another.</p>}
          {byMonth(days).map((month) => (
            <fieldset key={month.key} className="stay__month">
              <legend className="stay__month-name">{month.label}</legend>
              <div className="stay__grid">
                {WEEKDAYS.map((w) => (
                  <span key={w} className="stay__weekday" aria-hidden="true">
                    {w}
                  </span>
                ))}
                {month.days.map((day, index) => (
                  <label
                    key={day.date}
                    // The month's first day starts in its weekday's column: a class, as the CSP allows no style attribute.
                    className={index === 0 ? `stay__day stay__day--from-${column(day.date) + 1}` : 'stay__day'}
                    data-available={day.isAvailable || undefined}
                    data-checked={day.date === chosenDay?.date || undefined}
                  >
                    <input
                      type="radio"
                      name="checkInDate"
                      form={formId}
                      value={day.date}
                      disabled={!day.isAvailable}
                      checked={day.date === chosenDay?.date}
                      onChange={() => setCheckIn(day.date)}
                      aria-label={`${dayName.format(asDate(day.date))}, ${day.isAvailable ? priceOn(day) : 'not available'}`}
                    />
                    <span className="stay__date" aria-hidden="true">
                      {asDate(day.date).getUTCDate()}
                    </span>
                    <span className="stay__price" aria-hidden="true">
                      {day.isAvailable ? priceOn(day) : '–'}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          <p className="stay__summary" id={`${id}-stay-summary`} aria-live="polite">
            {chosenDay
              ? `Check in ${dayName.format(asDate(chosenDay.date))}, check out ${dayName.format(asDate(addDays(chosenDay.date, stayNights)))}: ${nightsText(stayNights)}, ${priceOn(chosenDay)}.`
              : 'Choose a check-in date: prices shown are for the whole stay.'}
          </p>
          {offersGift && (
            <label className="stay__gift">
              <input type="checkbox" name="gift" value="on" form={formId} /> Buy as a gift: after Buy now, choose an
              e-gift or a gift pack and who it is for
            </label>
          )}
        </fieldset>
      )}
    </div>
  );
}
