/**
 * spec 7 GET /user/wallet (signed in; 401 otherwise): spec 3 Wallet entries by currency, with
 * userWallet (the GBP entry, zero when empty) and hasError false. Personal: never cached.
 */
import type { APIRoute } from 'astro';
import type { WalletResponse } from '../../../../contracts/wallet';
import { requireUser } from '../../../../server/accounts/api';
import { getDb } from '../../../../server/db';
import { json } from '../../../../server/http/api';
import { walletBalances } from '../../../../server/wallet';

export const GET: APIRoute = async (context) => {
  const signedIn = await requireUser(context);
  if (!signedIn.ok) return signedIn.response;
  const { db } = await getDb();
  const wallets = await walletBalances(db, signedIn.user.id, new Date());
  const userWallet = wallets.find((entry) => entry.currency === 'GBP') ?? {
    currency: 'GBP',
    balance: 0,
    marketingBalance: 0,
    refundableBalance: 0,
  };
  const body: WalletResponse = { wallets, userWallet, hasError: false };
  return json(body);
};
