/**
 * Where the payment sandbox's pages are in the end-to-end run: its own origin beside the shop's
 * (playwright.config.ts starts it through scripts/e2e-server.mjs; docs/decisions/035-sandbox-as-its-own-app.md).
 */
export const SANDBOX_ORIGIN = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? '4395'}`;

/** A URL pattern for one of the sandbox's pages, on its origin: `sandboxPage('/paypal/approve\\?id=PAYID-')`. */
export function sandboxPage(pathPattern: string): RegExp {
  return new RegExp(`^${SANDBOX_ORIGIN.replaceAll('.', '\\.')}${pathPattern}`);
}
