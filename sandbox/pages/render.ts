/**
 * The sandbox's hosted pages are rendered on the server with React (react-dom/server), to static
 * HTML without an inline script (the issuer's challenge page loads one file): plain forms that post back to the page (post, redirect, get), so they work
 * without JavaScript, as the providers' own pages must for this shop's tests. Each step's field takes
 * the focus as the page opens (or the field in error, after a refused post), as the providers' own
 * pages do; Biome's noAutofocus is off for these pages alone (biome.json).
 */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { plainText } from '@/contracts/text';
import { html, type PagePolicy, seeOther } from '../http';
import type { SandboxContext } from '../routes/context';

/** The page as a response, with the sandbox's page headers (../http.ts) and what its policy allows besides. */
export function page(element: ReactElement, context: SandboxContext, status = 200, policy?: PagePolicy): Response {
  return html(renderToStaticMarkup(element), context.site, status, policy);
}

/** A posted form's fields as text ('' for a missing field, a file, or one holding NUL). */
export async function formOf(request: Request): Promise<(name: string) => string> {
  const form = await request.formData().catch(() => new FormData());
  return (name) => plainText(form.get(name));
}

/**
 * What a provider's page does after a step's form post: back to the shop when the step ended the
 * session, else the page again (post, redirect, get); null when the step refused a field, which the
 * page then shows with a 422.
 */
export function afterStep(request: Request, answer: { kind: string; location?: string }): Response | null {
  if (answer.kind === 'return' && answer.location) return seeOther(answer.location);
  if (answer.kind === 'error') return null;
  return seeOther(new URL(request.url).pathname);
}
