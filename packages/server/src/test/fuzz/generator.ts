/**
 * Requests generated from the server's own OpenAPI document, hostile ones mostly: the fuzz
 * suite (fuzz.int.test.ts) and `pnpm bench:fuzz` (run.ts) both send them. Every operation the
 * document lists is fuzzed, so a new route is covered by being documented.
 */
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { injectStream } from '../event-stream';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  nullable?: boolean;
  additionalProperties?: boolean | JsonSchema;
}

interface Parameter {
  name: string;
  in: string;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

interface Operation {
  method: string;
  /** The OpenAPI path, `{name}` for each path parameter. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  /** The JSON body's schema; null when the operation takes no body. */
  body: JsonSchema | null;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'options']);

/** Every operation of the document, in the document's order. */
function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const parameters = operation.parameters ?? [];
      const json = operation.requestBody?.content?.['application/json'];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        body: operation.requestBody ? (json?.schema ?? {}) : null,
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------
// Values.

const NUL = '\u0000';

/** Strings that have broken servers: huge, NUL-bearing, odd Unicode, SQL and JSON-ish. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 12 }).map((s) => `${s}${NUL}${s}`),
  fc.constantFrom(
    NUL,
    `a${NUL}b`,
    'x'.repeat(100_000),
    `${'é'.repeat(5_000)}${NUL}`,
    "'; drop table users; --",
    '%00',
    '%',
    '%zz',
    '\uD800',
    '\uFFFF',
    '𝕏🎨',
    '../../etc/passwd',
    '',
    ' ',
    '\n',
    'null',
    'undefined',
    'NaN',
    'true',
    '__proto__',
    '{"a":',
    '2147483648',
    '-2147483649',
    '1e309',
    '0x10',
  ),
  fc.string({ maxLength: 40, unit: 'binary' }),
);

/** Ids a `serial` column can never hold, or that are not ids at all. */
const hostileId: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '2147483647',
    '2147483648',
    '4294967296',
    '9007199254740993',
    '99999999999999999999999',
    '-1',
    '-2147483649',
    '0',
    '1e309',
    '1e3',
    '-0',
    '0x10',
    '1.5',
    ' 1',
    'Infinity',
    'NaN',
    `1${NUL}`,
  ),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
);

const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53, -1, 0, 1e308, -1e308, 0.5, 1e-320),
  fc.double(),
  fc.integer(),
);

/** Any JSON value, shallow. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileString,
  fc.array(fc.oneof(fc.integer(), hostileString), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), hostileString), {
    maxKeys: 3,
  }),
);

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : [schema.type].flat();

/** A string of the schema's length with a NUL inside: valid but for PostgreSQL. */
const withNul = (schema: JsonSchema): fc.Arbitrary<string> =>
  fc
    .string({ maxLength: Math.max(0, Math.min(schema.maxLength ?? 20, 20) - 1) })
    .map((s) => `${s.slice(0, 1)}${NUL}${s.slice(1)}`.padEnd(schema.minLength ?? 0, 'x'));

/**
 * A value the schema accepts (roughly), nested objects with every required field: gets
 * requests past validation into the handlers and the database.
 */
function validValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validValue(s, depth + 1)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = typesOf(schema)[0];
  switch (type) {
    case 'integer': {
      const min = Math.max(schema.minimum ?? -(2 ** 31), Number.MIN_SAFE_INTEGER);
      const max = Math.min(schema.maximum ?? 2 ** 31, Number.MAX_SAFE_INTEGER);
      const low = Math.max(min, -5);
      return fc.oneof(
        fc.integer({ min: low, max: Math.min(low + 50, max) }),
        fc.constantFrom(min, max, 2 ** 31 - 1, 2 ** 31).filter((n) => n >= min && n <= max),
      );
    }
    case 'number':
      return fc.oneof(fc.double({ min: 0, max: 200, noNaN: true }), fc.constantFrom(1, 10, 24));
    case 'boolean':
      return fc.boolean();
    case 'string':
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: schema.maxLength ?? 20 }),
        fc.emailAddress(),
        withNul(schema),
      );
    case 'array':
      return depth > 4
        ? fc.constant([])
        : fc.array(validValue(schema.items ?? {}, depth + 1), { maxLength: 3 });
    case 'object':
      return validObject(schema, depth);
    default:
      return anyJson;
  }
}

/** An object with every required property and some optional ones, each valid. */
function validObject(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  if (depth > 4) return fc.constant({});
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    record[name] = validValue(property, depth + 1);
  }
  const required = (schema.required ?? []).filter((name) => name in record);
  return fc.record(record, { requiredKeys: required });
}

/** A valid object but for one field (or one extra key): the handler sees the rest. */
function poisonedObject(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const names = Object.keys(schema.properties ?? {});
  const target = names.length > 0 ? fc.constantFrom(...names) : fc.string({ maxLength: 8 });
  return fc.tuple(validObject(schema, depth), target).chain(([valid, name]) =>
    fuzzValue(schema.properties?.[name] ?? {}, depth + 1).map((bad) => ({
      ...valid,
      [name]: bad,
    })),
  );
}

/** A value for a field: mostly one the schema accepts, otherwise a wrong or hostile one. */
function fuzzValue(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const poisoned =
    typesOf(schema)[0] === 'object' && depth <= 4
      ? [{ weight: 3, arbitrary: poisonedObject(schema, depth) }]
      : [];
  return fc.oneof(
    { weight: 3, arbitrary: validValue(schema, depth) },
    ...poisoned,
    { weight: 1, arbitrary: anyJson },
    { weight: 1, arbitrary: hostileString },
    { weight: 1, arbitrary: hostileNumber },
  );
}

/** A query-string or path value for a parameter's schema. */
function textValue(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const type = schema ? typesOf(schema)[0] : undefined;
  const valid =
    schema?.enum?.length && schema.enum.every((v) => typeof v === 'string')
      ? fc.constantFrom(...(schema.enum as string[]))
      : type === 'integer' || type === 'number'
        ? fc.integer({ min: -5, max: 50 }).map(String)
        : type === 'boolean'
          ? fc.constantFrom('true', 'false', '1', '0', 'yes')
          : fc.oneof(fc.string({ maxLength: 12 }), withNul({ maxLength: 12 }));
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 2, arbitrary: hostileId },
    { weight: 2, arbitrary: hostileString },
  );
}

// ---------------------------------------------------------------------------------------
// Requests.

/** Who sends a request: resolved to headers when it is sent (tokens are made at run time). */
export type Identity =
  'anonymous' | 'customer-jwt' | 'customer-cookie' | 'staff-jwt' | 'staff-cookie' | 'garbage';

export interface FuzzRequest {
  method: string;
  url: string;
  identity: Identity;
  headers: Record<string, string>;
  /** The raw body, already serialized (malformed ones included); undefined: none sent. */
  payload?: string;
}

/** JSON texts that are not what a body route wants, or not JSON at all. */
const malformedBodies = fc.constantFrom(
  '',
  ' ',
  '{',
  '{"a":',
  '{"a":1}}',
  "{'a':1}",
  'nul',
  '[1,',
  '"\\u0000"',
  '\u0000',
  'null',
  '[]',
  '0',
  '"x"',
  '1e309',
  '{"__proto__":{"is_staff":true}}',
  '{"a":{"__proto__":{"x":1}}}',
  '{"constructor":{"prototype":{"is_staff":true}}}',
  '{"a":1,"a":2}',
  '\uFEFF{}',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  // Over Fastify's 1 MiB body limit.
  `{"name":"${'x'.repeat(1_100_000)}"}`,
);

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json;;',
  'application/vnd.api+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'application/xml',
  '*/*',
  'garbage',
  '',
);

const hosts = fc.constantFrom(
  '[::',
  'a b',
  'h'.repeat(10_000),
  'localhost:99999',
  'localhost:abc',
  ':80',
  '@',
  'a@b',
  '%00',
  '[::1]:80',
  'xn--',
  'example.com.',
);

const authorizations = fc.constantFrom(
  'JWT',
  'JWT ',
  'Bearer ',
  'Bearer x',
  'JWT a.b.c',
  'JWT eyJhbGciOiJub25lIn0.eyJ1c2VyX2lkIjoxfQ.',
  'Basic Zm9vOmJhcg==',
  'JWT ' + 'x'.repeat(10_000),
  '',
);

const cookies = fc.constantFrom(
  'sessionid=garbage',
  'sessionid=',
  'sessionid=%zz',
  'sessionid=' + 'a'.repeat(5_000),
  '=;=;=',
  'a',
  ';;;',
  'sessionid=x; sessionid=y',
);

const odd = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.option(arbitrary, { freq: 4, nil: undefined });

const LONE_SURROGATE = /(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])/g;

/** encodeURIComponent throws on a lone surrogate: a client would send U+FFFD's bytes. */
const encode = (value: string): string =>
  encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'));

/** Percent-encodings no text decodes to: invalid UTF-8, truncated escapes. */
const rawEscapes = fc.constantFrom('%C0%AF', '%FF', '%E2%82', '%', '%zz', '%00');

function pathValue(parameter: Parameter): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: textValue(parameter.schema).map(encode) },
    { weight: 1, arbitrary: rawEscapes },
  );
}

function queryString(parameters: Parameter[]): fc.Arbitrary<string> {
  const pairs = parameters.map((p) =>
    fc.option(
      fc
        .array(textValue(p.schema), { minLength: 1, maxLength: 2 })
        .map((values) => values.map((v) => `${encode(p.name)}=${encode(v)}`)),
      { freq: 2, nil: [] },
    ),
  );
  const raw = odd(
    fc.oneof(
      fc.constantFrom('=', '&&', 'x[y]=1', '__proto__=1', 'constructor[prototype][a]=1'),
      rawEscapes.map((escape) => `a${escape}=${escape}`),
      fc
        .constantFrom(...parameters.map((p) => p.name), 'q')
        .chain((name) => rawEscapes.map((escape) => `${name}=${escape}`)),
    ),
  );
  return fc.tuple(fc.tuple(...pairs), raw).map(([lists, extra]) => {
    const all = [...lists.flat(), ...(extra === undefined ? [] : [extra])];
    return all.length ? `?${all.join('&')}` : '';
  });
}

function bodyOf(operation: Operation): fc.Arbitrary<string | undefined> {
  if (operation.body === null) {
    return odd(
      fc.oneof(
        malformedBodies,
        fuzzValue({}).map((v) => JSON.stringify(v) ?? ''),
      ),
    );
  }
  return fc.oneof(
    { weight: 4, arbitrary: fuzzValue(operation.body).map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 2, arbitrary: malformedBodies },
    {
      weight: 1,
      arbitrary: validObject(operation.body, 0).map(
        (v) => `{"__proto__":{"is_staff":true},${JSON.stringify(v).slice(1)}`,
      ),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** One request for an operation: its path, query, body and headers, mostly hostile. */
function requestFor(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const segments = operation.pathParams.map(pathValue);
  return fc
    .record({
      params: fc.tuple(...segments),
      query: queryString(operation.query),
      payload: bodyOf(operation),
      contentType: fc.oneof(
        { weight: 4, arbitrary: fc.constant('application/json') },
        { weight: 1, arbitrary: contentTypes },
      ),
      identity: fc.constantFrom<Identity>(
        'anonymous',
        'customer-jwt',
        'customer-cookie',
        'staff-jwt',
        'staff-cookie',
        'garbage',
      ),
      host: odd(hosts),
      authorization: odd(authorizations),
      cookie: odd(cookies),
      origin: odd(fc.constantFrom('null', 'http://evil.example', 'garbage', '')),
      idempotencyKey: odd(hostileString.filter((s) => !s.includes(NUL) && s.length < 20_000)),
    })
    .map((r) => {
      let index = 0;
      const path = operation.path.replace(/\{[^}]+\}/g, () => r.params[index++] ?? '');
      const headers: Record<string, string> = {};
      if (r.payload !== undefined) headers['content-type'] = r.contentType;
      if (r.host !== undefined) headers.host = r.host;
      if (r.identity === 'garbage') {
        if (r.authorization !== undefined) headers.authorization = r.authorization;
        if (r.cookie !== undefined) headers.cookie = r.cookie;
      }
      if (r.origin !== undefined) headers.origin = r.origin;
      if (r.idempotencyKey !== undefined) headers['idempotency-key'] = r.idempotencyKey;
      return {
        method: operation.method,
        url: `${path}${r.query}`,
        identity: r.identity,
        headers,
        ...(r.payload === undefined ? {} : { payload: r.payload }),
      };
    });
}

// ---------------------------------------------------------------------------------------
// Answers.

/** What a server must never tell a client: internals of the runtime, the driver, the SQL. */
const INTERNAL = new RegExp(
  [
    'Cannot read',
    'Cannot convert',
    'is not a function',
    'is not defined',
    'undefined is not',
    'syntax error',
    'invalid input syntax',
    'invalid byte sequence',
    'out of range for type',
    'violates .* constraint',
    'duplicate key',
    'relation "',
    'column "',
    'SQLSTATE',
    '\\b(?:22P02|22021|22003|22007|22008|23502|23503|23505|42601|42703|42P01|XX000)\\b',
    'Unexpected token',
    'in JSON at position',
    "Response doesn't match",
    'FST_ERR',
    'node_modules',
    '\\(/[^)]*:\\d+:\\d+\\)',
    '\\n\\s+at ',
  ].join('|'),
);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** DRF's field-error tree: field → messages, or → a nested tree; lists of trees for lists. */
function isErrorTree(value: unknown): boolean {
  if (!isRecord(value) || Object.keys(value).length === 0) return false;
  return Object.values(value).every((child) => {
    if (Array.isArray(child)) {
      if (child.length === 0) return false;
      return (
        child.every((m) => typeof m === 'string') ||
        child.every((m) => isRecord(m) && (Object.keys(m).length === 0 || isErrorTree(m)))
      );
    }
    return isErrorTree(child);
  });
}

/** `{detail}`; simplejwt's 401 adds `code` and `messages`, which DRF clients know. */
function isDetail(value: unknown): boolean {
  if (!isRecord(value) || typeof value.detail !== 'string') return false;
  return Object.keys(value).every((key) => ['detail', 'code', 'messages'].includes(key));
}

/** Why an answer breaks the contract, or null when it keeps it. */
function problemWith(
  res: Pick<LightMyRequestResponse, 'statusCode' | 'body' | 'headers'>,
): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (INTERNAL.test(res.body)) return `leaks an internal message: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400 || res.body === '') return null;
  if (!/^application\/json/.test(String(res.headers['content-type']))) {
    return `${res.statusCode} is not JSON (${String(res.headers['content-type'])})`;
  }
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `${res.statusCode} body is not valid JSON: ${res.body.slice(0, 200)}`;
  }
  if (res.statusCode === 400 ? isErrorTree(body) || isDetail(body) : isDetail(body)) return null;
  return `${res.statusCode} body is not DRF-shaped: ${res.body.slice(0, 300)}`;
}

// ---------------------------------------------------------------------------------------
// Running.

export interface Credentials {
  email: string;
  password: string;
}

interface Session {
  jwt: string;
  cookie: string;
}

/**
 * Signs in the fuzz's customer and staff member and keeps their tokens fresh: a fuzzed
 * sign-out or refresh may end a session, and the next operation then signs in again.
 */
export function identities(
  app: FastifyInstance,
  accounts: { customer: Credentials; staff: Credentials },
) {
  const sessions: Partial<Record<'customer' | 'staff', Session>> = {};
  const signIn = async (who: 'customer' | 'staff'): Promise<Session> => {
    const res = await app.inject({
      method: 'POST',
      url: '/auth/jwt/create/',
      payload: accounts[who],
    });
    const cookie = res.cookies.find((c) => c.name === 'sessionid')?.value;
    const { access } = res.json<{ access?: string }>();
    if (res.statusCode !== 200 || !access || !cookie) {
      throw new Error(`fuzz: ${who} cannot sign in: ${res.statusCode} ${res.body}`);
    }
    return { jwt: access, cookie };
  };
  const stillValid = async (session: Session): Promise<boolean> => {
    const [byJwt, byCookie] = await Promise.all([
      app.inject({ url: '/auth/users/me/', headers: { authorization: `JWT ${session.jwt}` } }),
      app.inject({ url: '/auth/users/me/', cookies: { sessionid: session.cookie } }),
    ]);
    return byJwt.statusCode === 200 && byCookie.statusCode === 200;
  };
  return {
    /** Signs in whoever is signed out (call between operations). */
    async refresh(): Promise<void> {
      for (const who of ['customer', 'staff'] as const) {
        const session = sessions[who];
        if (!session || !(await stillValid(session))) sessions[who] = await signIn(who);
      }
    },
    headersFor(identity: Identity): Record<string, string> {
      const [who, how] = identity.split('-') as ['customer' | 'staff', 'jwt' | 'cookie'];
      const session = sessions[who];
      if (!session) return {};
      return how === 'jwt'
        ? { authorization: `JWT ${session.jwt}` }
        : { cookie: `sessionid=${session.cookie}`, origin: 'http://localhost:80' };
    },
  };
}

export type Identities = ReturnType<typeof identities>;

function injectOptions(request: FuzzRequest, who: Identities): InjectOptions {
  const headers = { ...who.headersFor(request.identity), ...request.headers };
  return {
    method: request.method as InjectOptions['method'],
    url: request.url,
    headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  };
}

export interface FuzzReport {
  requests: number;
  byStatus: Record<number, number>;
  failures: { operation: string; request: FuzzRequest; problem: string }[];
}

export interface FuzzOptions {
  runsPerOperation: number;
  seed: number;
}

/** A request as a line of JSON, long strings cut. */
export const describeRequest = (request: FuzzRequest): string =>
  JSON.stringify(request, (_key, value: unknown) =>
    typeof value === 'string' && value.length > 200
      ? `${value.slice(0, 60)}…(${value.length} chars)`
      : value,
  );

/** Fuzzes every operation of the app's OpenAPI document; answers the counts and failures. */
export async function fuzzApp(
  app: FastifyInstance,
  who: Identities,
  options: FuzzOptions,
): Promise<FuzzReport> {
  await app.ready();
  const operations = operationsOf(app.swagger() as unknown as OpenApiDocument);
  // Routes answering with an event stream are read up to their first event, then closed.
  const streams = new Set(
    app.routeAccess.filter((r) => r.eventStream).map((r) => `${r.method} ${r.url}`),
  );
  const report: FuzzReport = { requests: 0, byStatus: {}, failures: [] };
  for (const operation of operations) {
    await who.refresh();
    const name = `${operation.method} ${operation.path}`;
    const stream = streams.has(name.replace(/\{([^}]+)\}/g, ':$1'));
    const property = fc.asyncProperty(requestFor(operation), async (request) => {
      const options = injectOptions(request, who);
      const res = stream
        ? await injectStream(app, options).then((answer) => {
            answer.close();
            return answer;
          })
        : await app.inject(options);
      report.requests += 1;
      report.byStatus[res.statusCode] = (report.byStatus[res.statusCode] ?? 0) + 1;
      const problem = problemWith(res);
      if (problem === null) return true;
      report.failures.push({ operation: name, request, problem });
      return true;
    });
    // Never shrinks: the property records failures and holds, so every request is counted.
    await fc.assert(property, { numRuns: options.runsPerOperation, seed: options.seed });
  }
  return report;
}
