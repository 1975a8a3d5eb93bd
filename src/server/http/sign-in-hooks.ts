/**
 * What other features do inside the request that signs a shopper in (spec 4 login flow): the guest
 * basket and wishlist merge into the account's and their cookies are rewritten, a refer-a-friend
 * arrival is attached. They run in the request because they read and write its cookies; each is a
 * subscriber file under ./subscribers, listed with every other subscriber in
 * src/server/subscribers.ts (docs/decisions/037). `signIn` (./session.ts) names none of them.
 */
import type { APIContext } from 'astro';
import type { UserRow } from '@/server/accounts/schema';
import type { Db } from '@/server/db';
import type { EVENTS } from '@/server/events';
import { logError } from '@/server/log';

/** What a sign-in hook gets: the request's cookies and URL, the database and the signed-in user. */
export interface SignedIn {
  context: Pick<APIContext, 'cookies' | 'url'>;
  db: Db;
  user: UserRow;
}

/** A sign-in hook as its file exports it. */
export interface SignInHook {
  config: { event: typeof EVENTS.signedIn; subscriberId: string };
  default: (signedIn: SignedIn) => Promise<void>;
}

let hooks: readonly SignInHook[] | null = null;

/** Installs the sign-in hooks (src/server/subscribers.ts calls this). */
export function installSignInHooks(list: readonly SignInHook[]): void {
  hooks = list;
}

/** The installed hooks' ids (what the registry test reads). */
export function listSignInHooks(): string[] {
  return (hooks ?? []).map((hook) => `${hook.config.event}: ${hook.config.subscriberId}`).sort();
}

/**
 * Runs every hook in turn. A hook that fails is logged and never blocks the sign-in; a process
 * that never loaded the list fails loudly instead of signing in without them.
 */
export async function runSignInHooks(signedIn: SignedIn): Promise<void> {
  if (hooks === null) throw new Error('No sign-in hooks are loaded: call loadSubscribers() at the entry point');
  for (const hook of hooks) {
    try {
      await hook.default(signedIn);
    } catch (error) {
      logError('accounts', `sign-in hook ${hook.config.subscriberId} failed`, error);
    }
  }
}
