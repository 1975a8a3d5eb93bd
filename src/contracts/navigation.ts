/** spec 3 Navigation item: what the header, menus and faceted navigation render. */
import { z } from 'zod';

export const NavigationTypeSchema = z.enum(['UK Travel', 'International Travel']);

export const SubNavigationSchema = z.object({
  id: z.string(),
  shortName: z.string(),
  linkText: z.string(),
  url: z.string(),
  count: z.number().int().nonnegative().optional(),
});

export const NavigationItemSchema = z.object({
  id: z.string(),
  shortName: z.string(),
  linkText: z.string(),
  url: z.string(),
  count: z.number().int().nonnegative().optional(),
  imageUrl: z.string().optional(),
  navigationType: NavigationTypeSchema.optional(),
  subNavigations: z.array(SubNavigationSchema).default([]),
  /** The item that shows the chosen location's name (spec 2 "local item"). */
  isLocal: z.boolean().default(false),
  isLocalLink: z.boolean().default(false),
  isLocationPlaceholder: z.boolean().default(false),
  isDefault: z.boolean().default(false),
  showPopover: z.boolean().default(false),
  showScotland: z.boolean().default(false),
});

export type NavigationType = z.output<typeof NavigationTypeSchema>;
export type SubNavigation = z.output<typeof SubNavigationSchema>;
export type NavigationItem = z.output<typeof NavigationItemSchema>;
export type NavigationItemInput = z.input<typeof NavigationItemSchema>;

/** A location as the header's location chooser shows it. */
export const LocationOptionSchema = z.object({
  shortName: z.string(),
  name: z.string(),
  region: z.string(),
});
export type LocationOption = z.output<typeof LocationOptionSchema>;
