/**
 * The identity-provider stand-in's sign-in page (../identity-provider.ts; decision 055): Google's
 * account chooser at /idp/google/authorize and Facebook's login dialog at /idp/facebook/dialog/oauth.
 * The tester types the account to sign in as (any email; magic ones in
 * src/contracts/identity-provider.ts) and continues, or cancels; either way the browser goes back to
 * the shop's redirect URI with a code (or error=access_denied) and the shop's state. A request that
 * will not do (an unknown client, a redirect URI off the shop's origins) gets an error page and is
 * never redirected. A plain form post, so it works without JavaScript.
 */

import { seeOther } from '../http';
import type { IdentityProvider, IdentityProviderName } from '../identity-provider';
import { readAuthorizeRequest } from '../identity-provider';
import type { SandboxContext } from '../routes/context';
import PayPalLayout from './PayPalLayout';
import { formOf, page } from './render';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const NAMES: Record<IdentityProviderName, string> = { google: 'Google', facebook: 'Facebook' };
/** The authorize request's parameters, carried through the form as they came. */
const CARRIED = [
  'client_id',
  'redirect_uri',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'response_type',
  'scope',
];

function SignInPage({
  provider,
  carried,
  account,
  error,
}: {
  provider: IdentityProviderName;
  carried: Record<string, string>;
  account: { email: string; firstName: string; lastName: string };
  error: string | null;
}) {
  const name = NAMES[provider];
  const invalid = error !== null ? 'true' : undefined;
  return (
    <PayPalLayout title={`${name} sign-in stand-in: Tuppence`}>
      <h1>Sign in with {name}</h1>
      <p>Tuppence wants your name and email address. This is a local stand-in: no real account is used.</p>
      <form method="post" className="approve__form" noValidate>
        {Object.entries(carried).map(([field, value]) => (
          <input key={field} type="hidden" name={field} value={value} />
        ))}
        {error !== null && (
          <p id="idp-error" className="approve__error" role="alert">
            {error}
          </p>
        )}
        <label htmlFor="idp-email">Email</label>
        <input
          id="idp-email"
          name="email"
          type="email"
          autoComplete="username"
          required
          autoFocus
          defaultValue={account.email}
          aria-invalid={invalid}
          aria-describedby={error !== null ? 'idp-error' : undefined}
        />
        <label htmlFor="idp-first-name">First name</label>
        <input id="idp-first-name" name="firstName" autoComplete="given-name" defaultValue={account.firstName} />
        <label htmlFor="idp-last-name">Last name</label>
        <input id="idp-last-name" name="lastName" autoComplete="family-name" defaultValue={account.lastName} />
        <button className="approve__agree" type="submit" name="decision" value="continue">
          Continue
        </button>
        <button className="approve__cancel" type="submit" name="decision" value="cancel" formNoValidate>
          Cancel
        </button>
      </form>
    </PayPalLayout>
  );
}

function RefusedPage({ provider, reason }: { provider: IdentityProviderName; reason: string }) {
  return (
    <PayPalLayout title={`${NAMES[provider]} sign-in stand-in: request refused`}>
      <h1>This sign-in request will not do</h1>
      <p>{reason}</p>
    </PayPalLayout>
  );
}

/** GET shows the account form for the shop's authorize request; POST continues or cancels back to the shop. */
export async function identityProviderSignInPage(
  request: Request,
  context: SandboxContext,
  provider: IdentityProviderName,
  idp: IdentityProvider,
): Promise<Response> {
  const query = new URL(request.url).searchParams;
  // The form carries the request's parameters; the page's own URL (which a form without an action
  // posts back to) does too.
  const posted = request.method === 'POST' ? await formOf(request) : () => '';
  const field = (name: string) => posted(name) || (query.get(name) ?? '');
  const asked = readAuthorizeRequest(provider, field, context.site);
  if (typeof asked === 'string') return page(<RefusedPage provider={provider} reason={asked} />, context, 400);
  const carried = Object.fromEntries(CARRIED.map((name) => [name, field(name)]).filter(([, value]) => value !== ''));
  let account = { email: 'shopper@example.com', firstName: 'Sam', lastName: 'Shopper' };
  let error: string | null = null;
  if (request.method === 'POST') {
    if (field('decision') === 'cancel') return seeOther(idp.decline(asked));
    account = {
      email: field('email').trim().toLowerCase().slice(0, 254),
      firstName: field('firstName').trim().slice(0, 60),
      lastName: field('lastName').trim().slice(0, 60),
    };
    if (EMAIL_SHAPE.test(account.email)) return seeOther(idp.approve(asked, account));
    error = 'Enter an email address to sign in as.';
  }
  return page(
    <SignInPage provider={provider} carried={carried} account={account} error={error} />,
    context,
    error !== null ? 422 : 200,
  );
}
