/**
 * spec 7 GET /user/wallet (signed in; 401 otherwise): spec 3 Wallet entries by currency, with
 * userWallet (the GBP entry, zero when empty) and hasError false. Personal: never cached.
 */
import type { WalletResponse } from '@/contracts/wallet';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { walletBalances } from '@/server/wallet';

export const GET = endpoint({
  who: 'customer',
  area: 'wallet',
  handler: async ({ user }): Promise<WalletResponse> => {
    const { db } = await getDb();
    const wallets = await walletBalances(db, user.id, new Date());
    const userWallet = wallets.find((entry) => entry.currency === 'GBP') ?? {
      currency: 'GBP',
      balance: 0,
      marketingBalance: 0,
      refundableBalance: 0,
    };
    return { wallets, userWallet, hasError: false };
  },
});
