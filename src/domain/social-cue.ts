/**
 * Social proof (spec 7 socialcue/deal): "N bought in the last 24 hours", counted from
 * real orders. Pure.
 */

/** The window the cue counts over. */
export const SOCIAL_CUE_WINDOW_HOURS = 24;

/** The cue for a count of vouchers bought in the window; null when none were (nothing is shown). */
export function socialCueMessage(count: number): string | null {
  if (!Number.isSafeInteger(count) || count <= 0) return null;
  return `${count} bought in the last ${SOCIAL_CUE_WINDOW_HOURS} hours`;
}
