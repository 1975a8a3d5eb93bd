/**
 * spec 4: "The buy-again list is mirrored to local storage as a true/false flag, false on reset."
 * The flag says whether this browser's signed-in shopper had Buy again deals when the list last
 * loaded, so the home page can hold a place for the rail before asking (decision 057). Kept apart
 * from the $featuredDeals store and free of dependencies: the every-page site script resets it for a
 * signed-out visitor without loading the store.
 */

/** The localStorage entry: "true" or "false". */
export const BUY_AGAIN_FLAG_KEY = 'tuppence:buy-again';

type FlagStorage = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): FlagStorage | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

/** True only when the last Buy again list held deals ("true"); missing, "false" or unreadable is false. */
export function readBuyAgainFlag(storage: FlagStorage | null = browserStorage()): boolean {
  try {
    return storage?.getItem(BUY_AGAIN_FLAG_KEY) === 'true';
  } catch {
    // Storage blocked (private mode): no early place is held; the rail still shows once it loads.
    return false;
  }
}

/** Mirrors whether the Buy again list has deals: "true" or "false". */
export function writeBuyAgainFlag(hasDeals: boolean, storage: FlagStorage | null = browserStorage()): void {
  try {
    storage?.setItem(BUY_AGAIN_FLAG_KEY, hasDeals ? 'true' : 'false');
  } catch (error) {
    // Full or blocked storage: the flag only saves a placeholder, the rail itself is unaffected.
    console.warn('[rails] buy again flag not stored:', error);
  }
}
