/**
 * How the sandbox gateway's browser endpoints answer (tokenise a card, create a PayPal payment,
 * tokenise a device wallet, 3-D Secure): JSON in, checked against its schema, the work done through the
 * simulated network. A refusal names what to send, never echoes what came (card data passes through
 * here); an outage is a 503 or 504. Every answer is private (./http.ts).
 */
import type { z } from 'zod';
import { MESSAGES } from '@/domain/messages';
import { apiError } from './http';
import { GatewayTimeout, GatewayUnreachable } from './network';

export interface GatewayEndpoint<Schema extends z.ZodType> {
  schema: Schema;
  /** What to send, said when the body is not JSON. */
  hint: string;
  /** Said when the schema's first issue has no message of its own. */
  fallback: string;
}

/** Answers one gateway request: `run` gets the checked input and returns the response. */
export async function answerGatewayRequest<Schema extends z.ZodType>(
  request: Request,
  endpoint: GatewayEndpoint<Schema>,
  run: (input: z.output<Schema>) => Promise<Response>,
): Promise<Response> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return apiError(400, endpoint.hint);
  }
  const parsed = endpoint.schema.safeParse(body);
  // The first issue's own message only: the schemas' messages are written by us and hold no input.
  if (!parsed.success) return apiError(400, parsed.error.issues[0]?.message ?? endpoint.fallback);
  return answerOverNetwork(() => run(parsed.data));
}

/** Runs a browser call's work; the simulated network's outage is a 503, its timeout a 504. */
export async function answerOverNetwork(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof GatewayUnreachable) return apiError(503, MESSAGES.providerUnreachable);
    if (error instanceof GatewayTimeout) return apiError(504, MESSAGES.connectionTimeout);
    throw error;
  }
}
