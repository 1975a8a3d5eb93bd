/**
 * The near-me hub's "Use my location" (UseMyLocation.astro; spec 2 hyperlocal hub): on a press, ask the
 * browser for its position, find the nearest town (/api/v1/nearmelocation, lat/lon to 3 decimals, about
 * 100 m: spec 9) and go to the hub's page for it. Busy and failure are said in the status line.
 */
import { NearestTownSchema } from '@/contracts/nearest-town';

export const GEOLOCATION_UNAVAILABLE = 'We couldn’t get your location. Enter your town or postcode instead.';
export const FINDING = 'Finding deals near you…';

/** spec 9: lat/lon to 3 decimals (about 100 m): enough to find a town, no more. */
const round3 = (value: number): string => value.toFixed(3);

export function startUseMyLocation(root: HTMLElement): void {
  const button = root.querySelector('button');
  const status = root.querySelector('.near-me-geo__status');
  const hubPath = root.dataset.hubPath ?? '/near-me';
  const failed = root.dataset.failed ?? '';
  if (!button || !status) return;

  const say = (text: string, busy = false) => {
    status.textContent = text;
    button.disabled = busy;
  };

  async function goToNearestTown(position: GeolocationPosition): Promise<void> {
    const query = new URLSearchParams({
      lat: round3(position.coords.latitude),
      lon: round3(position.coords.longitude),
    });
    try {
      const response = await fetch(`/api/v1/nearmelocation?${query}`, { headers: { Accept: 'application/json' } });
      const parsed = NearestTownSchema.safeParse(await response.json());
      if (!response.ok || !parsed.success) {
        say(failed);
        return;
      }
      window.location.assign(`${hubPath}?q=${encodeURIComponent(parsed.data.location.shortName)}`);
    } catch (error) {
      console.warn('[near-me] nearest location lookup failed', error);
      say(failed);
    }
  }

  button.addEventListener('click', () => {
    if (!('geolocation' in navigator)) {
      say(GEOLOCATION_UNAVAILABLE);
      return;
    }
    say(FINDING, true);
    navigator.geolocation.getCurrentPosition(
      (position) => void goToNearestTown(position),
      () => say(GEOLOCATION_UNAVAILABLE),
      { enableHighAccuracy: false, timeout: 20_000, maximumAge: 600_000 },
    );
  });
}
