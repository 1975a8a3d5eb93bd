/**
 * The browser UI colour (<meta name="theme-color">) per theme: each theme's header background
 * in themes.scss. Keep the two in step when a theme's header colour changes.
 */
import type { ThemeName } from '@/domain/brands';

export const THEME_COLOR: Record<ThemeName, string> = {
  tuppence: '#ffffff',
  dealhouse: '#ffffff',
  treatly: '#ffe6ee',
  fivepm: '#17264a',
  vip: '#0c0c0c',
  wellness: '#f8f5ec',
  'black-friday': '#000000',
  christmas: '#a3161b',
};
