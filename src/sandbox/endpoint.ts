/**
 * How the sandbox gateway's own HTTP endpoints answer (tokenise a card, create a PayPal payment,
 * tokenise a device wallet): JSON in, checked against its schema, the work done through the
 * simulated network, and every answer marked private and never stored by a cache. A refusal names
 * what to send, never echoes what came (card data passes through here); an outage is a 503 or 504.
 */
import type { z } from 'zod';
import { MESSAGES } from '@/domain/messages';
import { apiError } from '@/server/http/api';
import { GatewayTimeout, GatewayUnreachable } from './network';

function privately(response: Response): Response {
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

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
    return privately(apiError(400, endpoint.hint));
  }
  const parsed = endpoint.schema.safeParse(body);
  // The first issue's own message only: the schemas' messages are written by us and hold no input.
  if (!parsed.success) return privately(apiError(400, parsed.error.issues[0]?.message ?? endpoint.fallback));
  try {
    return privately(await run(parsed.data));
  } catch (error) {
    if (error instanceof GatewayUnreachable) return privately(apiError(503, MESSAGES.providerUnreachable));
    if (error instanceof GatewayTimeout) return privately(apiError(504, MESSAGES.connectionTimeout));
    throw error;
  }
}
