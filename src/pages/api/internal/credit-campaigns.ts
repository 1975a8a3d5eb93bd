/**
 * Operators' credit-claim campaigns (decision 021): GET lists them with their claims, POST
 * creates one (its claimCode is the ?credit_validation= value). Bearer operator token.
 */
import { NewCreditCampaignSchema } from '@/contracts/promotions';
import { createCreditCampaign, listCreditCampaigns } from '@/server/credit';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';

export const GET = endpoint({
  who: 'operator',
  area: 'operator',
  handler: async () => {
    const { db } = await getDb();
    return { campaigns: await listCreditCampaigns(db) };
  },
});

export const POST = endpoint({
  who: 'operator',
  input: NewCreditCampaignSchema,
  area: 'operator',
  handler: async ({ input }) => {
    const { db } = await getDb();
    return json(await createCreditCampaign(db, input, new Date()), { status: 201 });
  },
});
