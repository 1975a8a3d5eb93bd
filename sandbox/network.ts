/**
 * The simulated network in front of the sandbox gateway: the fault switch (PAYMENTS_FAULT) decides
 * whether a call is done, and whether its answer comes back, late or at all. The gateway's HTTP API
 * (./gateway.ts) answers the two failures as 503 and 504, as a provider's edge would.
 */
import { type PaymentsFault, readSandboxConfig, type SandboxConfig } from './settings';

/** The gateway could not be reached or refused the connection (nothing was done). */
export class GatewayUnreachable extends Error {
  constructor() {
    super('The payment gateway could not be reached');
    this.name = 'GatewayUnreachable';
  }
}

/** No answer came in time (the request did not reach the gateway, so nothing was done). */
export class GatewayTimeout extends Error {
  constructor() {
    super('The payment gateway did not answer in time');
    this.name = 'GatewayTimeout';
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends one call to the gateway through the simulated network.
 * - unreachable / timeout: the call never arrives, nothing is written, the matching error is thrown;
 * - slow: the gateway does the work (and commits it) at once, then its answer takes `slowMs` to
 *   come back, so a server killed meanwhile leaves an authorisation its caller never heard about.
 */
export async function overNetwork<T>(call: (config: SandboxConfig) => Promise<T>, env?: NodeJS.ProcessEnv): Promise<T> {
  const config = readSandboxConfig(env);
  const fault: PaymentsFault | null = config.fault;
  if (fault === 'unreachable') throw new GatewayUnreachable();
  if (fault === 'timeout') throw new GatewayTimeout();
  const answer = await call(config);
  if (fault === 'slow') await sleep(config.slowMs);
  return answer;
}
