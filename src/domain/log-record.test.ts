/** spec 3 Logging record: the dateTime format. */
import { describe, expect, it } from 'vitest';
import { formatLogDateTime, pathOnly } from './log-record';

describe('spec 3 logging record', () => {
  it.each([
    ['2026-11-24T18:40:05Z', '24/November/2026 18:40:05'],
    ['2026-07-01T08:05:09Z', '01/July/2026 09:05:09'],
    ['2026-01-31T23:59:59Z', '31/January/2026 23:59:59'],
  ])('%s is written DD/MMMM/YYYY HH:mm:ss in UK time: %s', (iso, formatted) => {
    expect(formatLogDateTime(new Date(iso))).toBe(formatted);
  });

  it('keeps a path without its query or fragment', () => {
    expect(pathOnly('/deal/999?token=secret#x')).toBe('/deal/999');
  });
});
