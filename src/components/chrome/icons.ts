/**
 * The chrome's icon set: 24x24 outline paths drawn for this project (no icon font, nothing fetched).
 * `fill` icons are solid shapes; the rest are 2px strokes in currentColor.
 */
export interface IconDef {
  paths: readonly string[];
  fill?: boolean;
}

export const ICONS = {
  search: { paths: ['M10.5 3a7.5 7.5 0 1 1 0 15a7.5 7.5 0 1 1 0-15z', 'M16 16l5 5'] },
  user: { paths: ['M12 3.5a4.5 4.5 0 1 1 0 9a4.5 4.5 0 1 1 0-9z', 'M3.5 21c.9-4 4.3-6.5 8.5-6.5s7.6 2.5 8.5 6.5'] },
  basket: {
    paths: ['M5 8h14l-1.2 11.1a2 2 0 0 1-2 1.9H8.2a2 2 0 0 1-2-1.9z', 'M8.5 10.5V7a3.5 3.5 0 0 1 7 0v3.5'],
  },
  heart: {
    paths: [
      'M12 20.5S3.5 15.6 3.5 9.4A4.6 4.6 0 0 1 8.1 4.8c1.7 0 3 .8 3.9 2.1.9-1.3 2.2-2.1 3.9-2.1a4.6 4.6 0 0 1 4.6 4.6c0 6.2-8.5 11.1-8.5 11.1z',
    ],
  },
  crown: { paths: ['M2.5 7.5l4.8 4.3L12 4l4.7 7.8 4.8-4.3-2 11H4.5z', 'M4.5 21h15'], fill: false },
  crownSolid: { paths: ['M2 7.2l5 4.5L12 3.5l5 8.2 5-4.5-2.1 11.6H4.1z', 'M4 20.2h16V22H4z'], fill: true },
  chevronDown: { paths: ['M6 9l6 6 6-6'] },
  chevronLeft: { paths: ['M15 5l-7 7 7 7'] },
  chevronRight: { paths: ['M9 5l7 7-7 7'] },
  pin: {
    paths: [
      'M12 21.5s7-6.6 7-12.1a7 7 0 0 0-14 0c0 5.5 7 12.1 7 12.1z',
      'M12 6.9a2.5 2.5 0 1 1 0 5a2.5 2.5 0 1 1 0-5z',
    ],
  },
  padlock: { paths: ['M5.5 10.5h13v10h-13z', 'M8 10.5V7.5a4 4 0 0 1 8 0v3', 'M12 14.5v2.5'] },
  gift: {
    paths: [
      'M3.5 8.5h17v4h-17z',
      'M5 12.5h14V21H5z',
      'M12 8.5V21',
      'M12 8.5C10.5 5 7 4 6.5 6s2.5 2.5 5.5 2.5c3 0 6-.5 5.5-2.5S13.5 5 12 8.5z',
    ],
  },
  star: {
    paths: ['M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.1l-5.7 3.2 1.2-6.4-4.7-4.4 6.4-.8z'],
    fill: true,
  },
  clock: { paths: ['M12 3a9 9 0 1 1 0 18a9 9 0 1 1 0-18z', 'M12 7v5l3.5 2'] },
  close: { paths: ['M6 6l12 12', 'M18 6L6 18'] },
  menu: { paths: ['M4 7h16', 'M4 12h16', 'M4 17h16'] },
  facebook: {
    paths: [
      'M13.4 21v-7.6h2.6l.4-3h-3V8.5c0-.9.3-1.5 1.5-1.5h1.6V4.3c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.7v3h2.6V21z',
    ],
    fill: true,
  },
  x: {
    paths: [
      'M17.8 3.5h3l-6.6 7.6 7.8 10.4h-6.1l-4.8-6.3-5.5 6.3h-3l7.1-8.1L2.2 3.5h6.2l4.3 5.8zm-1 16.2h1.7L7.4 5.2H5.6z',
    ],
    fill: true,
  },
  instagram: {
    paths: [
      'M7.5 3h9A4.5 4.5 0 0 1 21 7.5v9a4.5 4.5 0 0 1-4.5 4.5h-9A4.5 4.5 0 0 1 3 16.5v-9A4.5 4.5 0 0 1 7.5 3z',
      'M12 8a4 4 0 1 1 0 8a4 4 0 1 1 0-8z',
      'M17.2 6.3v.01',
    ],
  },
  check: { paths: ['M4.5 12.5l5 5 10-11'] },
} as const satisfies Record<string, IconDef>;

export type IconName = keyof typeof ICONS;
