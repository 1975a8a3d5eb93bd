/**
 * Bad input (docs/decisions/032): every route, action and form gets malformed bodies, query strings,
 * cookies and headers generated with fast-check, shaped by the route's zod contract where the
 * OpenAPI document has one (the document is generated from the same contracts: values of the
 * right shape with one field wrong get past the first check and reach deeper code). A finding is
 * an answer of 500 or more, or one that shows a stack trace, a file path or SQL.
 */
import fc from 'fast-check';
import { fillPattern, type Method, type Route } from './routes';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  format?: string;
};

export interface Contract {
  body?: JsonSchema;
  query?: JsonSchema;
}

export interface FuzzRequest {
  method: Method;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Finding {
  request: FuzzRequest;
  status: number;
  reason: string;
}

/** What an answer must never show: stack frames, source or install paths, SQL, driver errors. */
const LEAKS: [RegExp, string][] = [
  [/\bat (?:async )?[\w$.<>]+ \((?:file:\/\/|\/)[^)]*:\d+:\d+\)/, 'a stack trace'],
  [
    /(?:\/work\/|\/home\/|\/root\/|node_modules\/|\/src\/(?:server|pages|domain)\/)[\w./-]*\.(?:ts|mjs|js|astro)/,
    'a file path',
  ],
  [
    /\b(?:select\s+[\w"*,\s.]+\s+from\s+"?\w+|insert\s+into\s+"?\w+|update\s+"?\w+"?\s+set\s|delete\s+from\s+"?\w+)/i,
    'SQL',
  ],
  [
    /DrizzleQueryError|PostgresError|syntax error at or near|violates (?:unique|foreign key|check) constraint|relation "\w+" does not exist/i,
    'a database error',
  ],
];

/** Why this answer is a finding, or null. */
export function judge(status: number, body: string): string | null {
  if (status >= 500) return `status ${status}`;
  for (const [pattern, what] of LEAKS) if (pattern.test(body)) return `shows ${what}`;
  return null;
}

const nasty = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'null',
  'undefined',
  '-1',
  '0',
  '1e309',
  'NaN',
  '99999999999999999999',
  '2147483648',
  '../../etc/passwd',
  '%00',
  '%',
  '%ZZ',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '{{7*7}}',
  '\ud800',
  '🙂'.repeat(50),
  'x'.repeat(5000),
  '[]',
  '{}',
  'true',
);
const anyText = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }));
const anyScalar = fc.oneof(
  anyText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.bigInt().map(String),
  fc.constant(Number.MAX_SAFE_INTEGER * 4),
);
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { maxDepth: 3 },
  anyScalar,
  fc.array(anyScalar, { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 12 }), anyScalar, { maxKeys: 6 }),
);

/**
 * Bodies past the edge's bounds (spec 8; src/server/http/bounded-body.ts): JSON nested thousands of
 * levels deep (arrays, objects, or inside a contract-shaped field) is a 400, a body over 1 MB
 * (JSON or a form) a 413; either answered as a 5xx is a finding.
 */
const deepBody = fc
  .record({ depth: fc.integer({ min: 30, max: 6000 }), open: fc.constantFrom('[', '{"a":', '{"dealId":[') })
  .map(({ depth, open }) => {
    const close = open === '[' ? ']' : open === '{"a":' ? '}' : ']}';
    return { type: 'application/json', body: `${open.repeat(depth)}0${close.repeat(depth)}` };
  });
// Built once and shared by every sample (a sample holds a reference, not a copy); rare (a tenth of
// the out-of-bounds bodies) so the run does not send gigabytes.
const HUGE = 'a'.repeat(2 * 1024 * 1024);
const hugeBody = fc.constantFrom(
  { type: 'application/json', body: JSON.stringify({ email: HUGE.slice(0, 1024 * 1024 + 1) }) },
  { type: 'application/json', body: JSON.stringify({ email: HUGE }) },
  { type: 'application/x-www-form-urlencoded', body: `email=${HUGE}` },
);
const outOfBounds = fc.oneof({ weight: 9, arbitrary: deepBody }, { weight: 1, arbitrary: hugeBody });

/** A value that fits the schema, or nearly: `wrong` is the chance a field takes a wrong value. */
function shaped(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyJson;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) return fc.oneof(...variants.map((v) => shaped(v, depth + 1)));
  if (schema.enum && schema.enum.length > 0) return fc.oneof(fc.constantFrom(...schema.enum), anyScalar);
  if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), anyScalar);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const wrongly = <T>(right: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 3, arbitrary: right }, { weight: 1, arbitrary: anyJson });
  switch (type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0)
        return wrongly(fc.dictionary(fc.string({ maxLength: 8 }), anyScalar, { maxKeys: 3 }));
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of properties) record[name] = shaped(property, depth + 1);
      return wrongly(fc.record(record, { requiredKeys: [] }));
    }
    case 'array':
      return wrongly(fc.array(shaped(schema.items, depth + 1), { maxLength: 60 }));
    case 'integer':
    case 'number':
      return wrongly(
        fc.oneof(
          fc.integer({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 100_000_000, 2 ** 31) }),
          fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, 1.5, -0),
        ),
      );
    case 'boolean':
      return wrongly(fc.boolean());
    case 'string':
      return wrongly(
        fc.oneof(
          schema.format === 'email' ? fc.emailAddress() : fc.string({ maxLength: schema.maxLength ?? 60 }),
          nasty,
        ),
      );
    default:
      return anyJson;
  }
}

const COOKIE_NAMES = [
  'tuppence_session',
  'basket_token',
  'site',
  'location',
  'consent',
  'post_login',
  'tp_device',
  'wishlist_id',
  'recently_viewed',
  'experiments',
];

/** A request of this route: path parameters, query, headers, cookies and body all generated. */
export function requestArbitrary(
  route: Route,
  method: Method,
  contract: Contract,
  origin: string,
  ids: fc.Arbitrary<string>,
): fc.Arbitrary<FuzzRequest> {
  const params = fc.array(fc.oneof({ weight: 2, arbitrary: ids }, { weight: 1, arbitrary: anyText }), {
    minLength: route.params.length,
    maxLength: route.params.length,
  });
  const queryValue = shaped(contract.query);
  const query = fc.oneof(
    fc.constant(''),
    queryValue.map((value) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? new URLSearchParams(
            Object.entries(value as Record<string, unknown>).map(([k, v]) => [
              k,
              typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
            ]),
          ).toString()
        : `q=${encodeLoosely(String(value))}`,
    ),
    fc.string({ maxLength: 30 }).map((raw) => raw.replaceAll('#', '')),
  );
  const cookies = fc
    .array(fc.tuple(fc.constantFrom(...COOKIE_NAMES), anyText), { maxLength: 4 })
    .map((pairs) => pairs.map(([name, value]) => `${name}=${encodeLoosely(value).slice(0, 300)}`).join('; '));
  const jsonBody = shaped(contract.body).map((value) => ({
    type: 'application/json',
    body: JSON.stringify(value) ?? 'null',
  }));
  const body = fc.oneof(
    { weight: 4, arbitrary: jsonBody },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((raw) => ({ type: 'application/json', body: raw })) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), anyText, { maxKeys: 5 }).map((form) => ({
        type: 'application/x-www-form-urlencoded',
        body: new URLSearchParams(form as Record<string, string>).toString(),
      })),
    },
    { weight: 1, arbitrary: anyText.map((raw) => ({ type: 'text/plain', body: raw })) },
    { weight: 1, arbitrary: fc.constant({ type: 'multipart/form-data; boundary=x', body: '--x\r\nbroken' }) },
    { weight: 1, arbitrary: outOfBounds },
  );
  const headers = fc.record(
    {
      accept: fc.constantFrom('application/json', 'text/html', '*/*', 'image/png', '', 'x/y;q=oops'),
      idempotencyKey: fc.oneof(fc.uuid(), anyText),
      authorization: fc.oneof(fc.constant('Bearer wrong'), anyText),
      sameOrigin: fc.boolean(),
    },
    { requiredKeys: ['sameOrigin'] },
  );
  return fc
    .record({ params, query, cookies, body, headers })
    .map(({ params: values, query: q, cookies: c, body: b, headers: h }) => {
      let index = 0;
      const path = fillPattern(route.pattern, () => values[index++] ?? '1');
      const requestHeaders: Record<string, string> = {};
      if (c) requestHeaders.cookie = c;
      if (h.accept) requestHeaders.accept = h.accept;
      if (h.idempotencyKey !== undefined) requestHeaders['idempotency-key'] = clean(h.idempotencyKey);
      if (h.authorization !== undefined) requestHeaders.authorization = clean(h.authorization);
      // Same-origin posts get past the cross-origin check to the code behind it.
      if (h.sameOrigin || method === 'GET') requestHeaders.origin = origin;
      const hasBody = method !== 'GET';
      if (hasBody) requestHeaders['content-type'] = b.type;
      return { method, path: q ? `${path}?${q}` : path, headers: requestHeaders, body: hasBody ? b.body : undefined };
    });
}

/** encodeURIComponent, with lone surrogates (which it refuses) dropped first. */
export function encodeLoosely(value: string): string {
  return encodeURIComponent(
    value.replace(/[\ud800-\udfff]/g, (char, index: number, all: string) => {
      const code = char.charCodeAt(0);
      const next = all.charCodeAt(index + 1);
      const previous = all.charCodeAt(index - 1);
      const paired = code < 0xdc00 ? next >= 0xdc00 && next <= 0xdfff : previous >= 0xd800 && previous < 0xdc00;
      return paired ? char : '';
    }),
  );
}

/** Header values must be sendable at all (no control characters or non-Latin-1). */
function clean(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, '').slice(0, 200);
}
