/** What every page header and footer needs, loaded once per request by the layouts. */
import type { LocationOption, NavigationItem } from '@/contracts/navigation';

export interface HeaderData {
  /** The chosen location (spec 2: the local item shows its name). */
  location: { shortName: string; name: string };
  /** Main navigation bar items in order; the layout decides how many are visible per breakpoint (lg 7, md 5, xl 10). */
  nav: NavigationItem[];
  /** Travel second menu (spec 2), grouped by navigationType; empty off travel pages. */
  travelNav: NavigationItem[];
  /** Every local location for the "Change Location" chooser, sorted by name. */
  locations: LocationOption[];
  /** spec 2: default Scottish menu: Glasgow, Edinburgh, Aberdeen with eight sub-links each. */
  scottishMenu: NavigationItem[];
}
