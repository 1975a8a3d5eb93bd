/**
 * What an account page renders after its form posted to an action (decision 030): nothing on a GET;
 * on success the action's answer; on a refusal its field messages (the form contract's spec 5
 * wording) or its one message (spec 8), with the typed values put back, passwords and tokens never.
 * The status is the action's (400 for the fields, the refusal's own otherwise).
 */
import { type ActionError, isInputError } from 'astro:actions';
import { fieldErrorsOf } from '@/contracts/account';
import { EMPTY_FORM, echoValues, type FormState, formStrings } from '@/contracts/form';

type Outcome<T> = { data: T; error: undefined } | { data: undefined; error: ActionError } | undefined;

export type Submission<T> =
  | { form: FormState; done: false; posted: Record<string, string> }
  | { form: FormState; done: true; result: T; posted: Record<string, string> };

/**
 * Where a form posts its action: this page with its own query kept (a sign-in's ?redirect=, a
 * reset's ?token=) and the action's `_action` added (Astro's `actions.x` alone would drop the query).
 */
export function actionUrl(page: URL, action: string | { toString(): string }): string {
  const target = new URL(page);
  for (const [name, value] of new URLSearchParams(String(action).replace(/^[^?]*\?/, ''))) {
    target.searchParams.set(name, value);
  }
  return `${target.pathname}${target.search}`;
}

interface Page {
  request: Request;
  response: { status?: number };
}

/** The posted fields as strings; an unreadable body reads as an empty form. */
async function postedValues(request: Request): Promise<Record<string, string>> {
  if (request.method !== 'POST') return {};
  try {
    return formStrings(await request.clone().formData());
  } catch {
    return {};
  }
}

/**
 * The page's view of its action's outcome. `schema` words an unreadable body (a multipart post
 * without its boundary) as the empty form it is: a 400 with each required field's message.
 */
export async function formSubmission<T>(
  page: Page,
  outcome: Outcome<T>,
  schema: {
    safeParse(value: unknown): {
      success: boolean;
      error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
    };
  },
): Promise<Submission<T>> {
  if (outcome === undefined) return { form: EMPTY_FORM, done: false, posted: {} };
  const posted = await postedValues(page.request);
  if (outcome.error === undefined) return { form: EMPTY_FORM, done: true, result: outcome.data, posted };
  const { error } = outcome;
  const values = echoValues(posted);
  if (isInputError(error))
    return { form: { errors: fieldErrorsOf(error), message: null, values }, done: false, posted };
  if (error.code === 'UNSUPPORTED_MEDIA_TYPE') {
    page.response.status = 400;
    const empty = schema.safeParse({});
    return {
      form: { errors: empty.error ? fieldErrorsOf(empty.error) : {}, message: null, values },
      done: false,
      posted,
    };
  }
  return { form: { errors: {}, message: error.message, values }, done: false, posted };
}
