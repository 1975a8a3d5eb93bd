/**
 * "Use my location" on the near-me hub (spec 2 hyperlocal hub; spec 6: the geolocation prompt
 * shows only for guests). The browser asks for the position only when the button is pressed;
 * the nearest town comes from /api/v1/nearmelocation and the hub then shows its deals.
 */
import { useState } from 'react';
import { NearestTownSchema } from '@/contracts/nearest-town';
import { MESSAGES } from '@/domain/messages';

type Props = {
  /** Where to go with the town found: `${hubPath}?q={shortName}`. */
  hubPath: string;
};

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'error'; message: string };

/** spec 9: lat/lon to 3 decimals (about 100 m): enough to find a town, no more. */
const round3 = (value: number): string => value.toFixed(3);

const GEOLOCATION_UNAVAILABLE = 'We couldn’t get your location. Enter your town or postcode instead.';

export default function NearMe({ hubPath }: Props) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  async function goToNearestTown(position: GeolocationPosition) {
    const query = new URLSearchParams({
      lat: round3(position.coords.latitude),
      lon: round3(position.coords.longitude),
    });
    try {
      const response = await fetch(`/api/v1/nearmelocation?${query}`, { headers: { Accept: 'application/json' } });
      const parsed = NearestTownSchema.safeParse(await response.json());
      if (!response.ok || !parsed.success) {
        setStatus({ kind: 'error', message: MESSAGES.somethingWentWrong });
        return;
      }
      window.location.assign(`${hubPath}?q=${encodeURIComponent(parsed.data.location.shortName)}`);
    } catch (error) {
      console.warn('[near-me] nearest location lookup failed', error);
      setStatus({ kind: 'error', message: MESSAGES.somethingWentWrong });
    }
  }

  function locateMe() {
    if (!('geolocation' in navigator)) {
      setStatus({ kind: 'error', message: GEOLOCATION_UNAVAILABLE });
      return;
    }
    setStatus({ kind: 'busy' });
    navigator.geolocation.getCurrentPosition(
      (position) => void goToNearestTown(position),
      () => setStatus({ kind: 'error', message: GEOLOCATION_UNAVAILABLE }),
      { enableHighAccuracy: false, timeout: 20_000, maximumAge: 600_000 },
    );
  }

  return (
    <div className="near-me-geo">
      <button type="button" className="button" onClick={locateMe} disabled={status.kind === 'busy'}>
        Use my location
      </button>
      <p className="near-me-geo__status" aria-live="polite">
        {status.kind === 'busy' && 'Finding deals near you…'}
        {status.kind === 'error' && status.message}
      </p>
    </div>
  );
}
