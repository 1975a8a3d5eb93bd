/**
 * Every test worker is an entry point of its own: it loads the shop's one list of subscribers before
 * any test runs, as the server's middleware and the scripts do (src/server/subscribers.ts).
 */
import { loadSubscribers } from '../../../src/server/subscribers';

loadSubscribers();
