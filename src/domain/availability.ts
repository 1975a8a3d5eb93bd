/** spec 9: "Only N left" shows when a deal or option has this many or fewer left (and more than none). */
export const LIMITED_AVAILABILITY_MAX = 50;
