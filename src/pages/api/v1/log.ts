/**
 * spec 7 log: the browser reports an error (spec 7's error log payload: client flag, description,
 * error, message, name, referrer, server flag, userAgent). It is written as a spec 3 logging record,
 * redacted like every server log line: no query parameters, hashes, tokens or card data (decision 025).
 */
import { ErrorLogSchema } from '@/contracts/log';
import { endpoint, json, requestRecord } from '@/server/http';
import { logRecord } from '@/server/log';

export const POST = endpoint({
  who: 'anyone',
  input: ErrorLogSchema,
  area: 'log',
  handler: ({ input, context }) => {
    const description = input.description ?? input.message ?? 'Client error';
    const reason = [input.name, input.error, input.message !== description ? input.message : undefined]
      .filter(Boolean)
      .join(': ');
    logRecord(
      'log',
      requestRecord(context, {
        description: `${input.server ? 'server' : 'client'}: ${description}`,
        reason: reason || null,
        userAgent: input.userAgent,
      }),
      'error',
    );
    return json({ status: 202, message: 'Logged' }, { status: 202 });
  },
});
