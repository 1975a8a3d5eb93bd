import type { HeaderData } from '../../../src/server/catalog/header-types';

/** A London header with no menus: what a layout test needs when the menus are not what it is about. */
export const EMPTY_LONDON_HEADER: HeaderData = {
  location: { shortName: 'london', name: 'London' },
  nav: [],
  travelNav: [],
  locations: [],
  scottishMenu: [],
};
