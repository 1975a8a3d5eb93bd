import { describe, expect, it } from 'vitest';
import { SoldOutNotificationEmailSchema } from '@/contracts/deal-detail';
import { readSignupEmail } from '@/domain/sold-out-signup';

describe('the sold-out sign-up checks the email without zod, as the server does (decision 018)', () => {
  it.each([
    'sam@example.co.uk',
    '  sam@example.co.uk ',
    "o'neil+deals@mail.example.com",
    'sam..jones@example.com',
    '.sam@example.com',
    'sam@example',
    'sam@',
    '@example.com',
    'sam jones@example.com',
    '',
    `${'a'.repeat(250)}@example.com`,
  ])('%j: same verdict and value as SoldOutNotificationEmailSchema', (raw) => {
    const server = SoldOutNotificationEmailSchema.safeParse(raw);
    expect(readSignupEmail(raw)).toBe(server.success ? server.data : null);
  });
});
