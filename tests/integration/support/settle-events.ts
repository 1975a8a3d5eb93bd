/**
 * What an order sets off runs after its answer, in this process's drain (docs/decisions/063). Each
 * test ends once that work is done, so a test's follow-ups never run into the next test or against
 * a database its file already closed. A test that asserts a follow-up (the confirmation email,
 * loyalty points) awaits `eventsSettled()` itself first.
 */
import { afterEach } from 'vitest';
import { eventsSettled } from '../../../src/server/events';

afterEach(async () => {
  await eventsSettled();
});
