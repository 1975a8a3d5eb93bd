/**
 * What the navigation bar (MainNav.astro) and its panels (MainNavPanels.astro, sent on demand by
 * /partials/header-menus, decision 064) must agree on: which items have a panel, the panels' ids, and
 * which items overflow into More at each breakpoint (spec 9 visible counts: md 5, lg 7, xl 10).
 */
import type { NavigationItem } from '@/contracts/navigation';
import { countFormat } from '@/domain/format';
import type { HeaderData } from '@/server/catalog';

/** spec 9: visible menu items per breakpoint. */
const VISIBLE = { md: 5, lg: 7, xl: 10 } as const;
const BREAKPOINTS = ['md', 'lg', 'xl'] as const;

/** The id of the location chooser's panel (the account menu's "Change Location" links to it). */
export const LOCATION_PANEL_ID = 'location-chooser';
/** The id of the More panel. */
export const MORE_PANEL_ID = 'nav-more';
/** The id of the location dialog's chooser (when the local item is hidden, spec 9 feature switch). */
export const LOCATION_DIALOG_PANEL_ID = 'location-dialog-chooser';

export interface NavLayout {
  /** The location item's source (spec 2: the chosen location). */
  localUrl: string;
  /** The menu items after the local one, each with its panel id when it has a sub-menu. */
  items: { item: NavigationItem; panelId: string | null; overflow: string[] }[];
  /** Classes that show More at the breakpoints where items overflow; empty when nothing overflows. */
  moreClasses: string[];
}

const slug = (value: string): string => value.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** The bar's items, their panel ids and where each one overflows into More. */
export function navLayout(header: HeaderData, hideLocalItem: boolean): NavLayout {
  const localSource = header.nav.find((item) => item.isLocal);
  const items = header.nav.filter((item) => !item.isLocal);
  // The local item is one of header.nav's items, so it counts towards the visible items when shown.
  const localSlots = hideLocalItem ? 0 : 1;
  const overflow = (index: number): string[] =>
    BREAKPOINTS.filter((bp) => index + localSlots >= VISIBLE[bp]).map((bp) => `beyond-${bp}`);
  return {
    localUrl: localSource?.url ?? `/deals/${header.location.shortName}`,
    items: items.map((item, index) => ({
      item,
      panelId: item.showPopover && item.subNavigations.length > 0 ? `nav-sub-${slug(item.id)}` : null,
      overflow: overflow(index),
    })),
    moreClasses: BREAKPOINTS.filter((bp) => items.length + localSlots > VISIBLE[bp]).map((bp) => `has-more-${bp}`),
  };
}

/** "Beauty: 53 deals", the link's title, when the item has a count. */
export const titleOf = (item: Pick<NavigationItem, 'linkText' | 'count'>): string | undefined =>
  item.count === undefined ? undefined : `${item.linkText}: ${countFormat.format(item.count)} deals`;
