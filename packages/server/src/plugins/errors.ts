import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import { ApiError, NOT_FOUND, SERVER_ERROR, type ErrorBody, type ErrorTree } from '../lib/errors';

type Params = Record<string, unknown>;

/** zod's own English messages start like this; anything else was written in a schema. */
const ZOD_DEFAULT_MESSAGE = /^(Invalid |Too (small|big)|Unrecognized key)/;

const num = (value: unknown): string => String(value);

/** DRF's wording for a zod issue, unless the schema gave its own message. */
function drfMessage(issue: ZodFastifySchemaValidationError, input: unknown): string {
  const message = issue.message ?? '';
  if (!ZOD_DEFAULT_MESSAGE.test(message)) return message;
  const params = issue.params as Params;
  const origin = params.origin;
  switch (issue.keyword) {
    case 'invalid_type':
      if (input === undefined || /received undefined/.test(message))
        return 'This field is required.';
      if (params.expected === 'number' || params.expected === 'int')
        return 'A valid integer is required.';
      if (params.expected === 'boolean') return 'Must be a valid boolean.';
      if (params.expected === 'array')
        return `Expected a list of items but got type "${typeof input}".`;
      if (params.expected === 'object') return 'Invalid data. Expected a dictionary.';
      return 'Not a valid string.';
    case 'too_small':
      if (origin === 'string')
        return `Ensure this field has at least ${num(params.minimum)} characters.`;
      if (origin === 'array' || origin === 'set')
        return `Ensure this field has at least ${num(params.minimum)} elements.`;
      return `Ensure this value is greater than or equal to ${num(params.minimum)}.`;
    case 'too_big':
      if (origin === 'string')
        return `Ensure this field has no more than ${num(params.maximum)} characters.`;
      if (origin === 'array' || origin === 'set')
        return `Ensure this field has no more than ${num(params.maximum)} elements.`;
      return `Ensure this value is less than or equal to ${num(params.maximum)}.`;
    case 'invalid_value':
      return typeof input === 'string'
        ? `"${input}" is not a valid choice.`
        : 'Select a valid choice.';
    case 'invalid_format':
      return params.format === 'email' ? 'Enter a valid email address.' : 'Enter a valid value.';
    case 'unrecognized_keys':
      return `Unexpected field(s): ${Array.isArray(params.keys) ? params.keys.join(', ') : ''}.`;
    default:
      return message || 'Invalid value.';
  }
}

function requestPart(request: FastifyRequest, context: string | undefined): unknown {
  switch (context) {
    case 'querystring':
      return request.query;
    case 'params':
      return request.params;
    case 'headers':
      return request.headers;
    default:
      return request.body;
  }
}

function valueAt(root: unknown, path: string[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** `{"field": ["message"], "nested": {"field": [...]}, "non_field_errors": [...]}`. */
function drfValidationBody(
  issues: ZodFastifySchemaValidationError[],
  request: FastifyRequest,
  context: string | undefined,
): ErrorTree {
  const body: ErrorTree = {};
  const root = requestPart(request, context);
  for (const issue of issues) {
    const path = issue.instancePath.split('/').filter(Boolean);
    const message = drfMessage(issue, valueAt(root, path));
    const keys = path.length > 0 ? path : ['non_field_errors'];
    let node = body;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) {
        const existing = node[key];
        const list = Array.isArray(existing) ? existing : [];
        if (!list.includes(message)) list.push(message);
        node[key] = list;
      } else {
        const next = node[key];
        node = next && !Array.isArray(next) ? next : (node[key] = {});
      }
    });
  }
  return body;
}

const CLIENT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'JSON parse error.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'JSON parse error - empty body.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported media type in request.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body size did not match Content-Length.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large.',
  FST_ERR_BAD_URL: 'Malformed URL.',
};

/** DRF's detail for a status when nothing better is known. */
const STATUS_DETAILS: Record<number, string> = {
  400: 'Malformed request.',
  404: NOT_FOUND,
  405: 'Method not allowed.',
  413: 'Request body is too large.',
  415: 'Unsupported media type in request.',
};

/** A client error's detail: never the message of a runtime or framework error. */
function clientDetail(error: FastifyError, status: number): string {
  const known = CLIENT_MESSAGES[error.code];
  if (known) return known;
  // JSON.parse's and secure-json-parse's messages quote the parser, not the client's mistake.
  if (error instanceof SyntaxError) return 'JSON parse error.';
  if (status === 404 || error.code?.startsWith('FST_')) {
    return STATUS_DETAILS[status] ?? 'Invalid request.';
  }
  return error.message;
}

/**
 * Sends an error body past the route's response schemas: an error must reach the client
 * whatever the route declared for its status (a route whose 400 lists only field errors
 * would otherwise turn a `{detail}` 400 into a 500).
 */
function sendError(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => JSON.stringify(payload))
    .send(body);
}

/**
 * For the errors Fastify answers before any route or hook runs (a path that is not valid
 * percent-encoding, a path parameter over `maxParamLength`): Fastify's own bodies name its
 * codes and echo the path. Pass as the `frameworkErrors` server option.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  request,
  reply,
) => {
  request.log.info({ code: error.code }, 'request refused by the router');
  // A parameter too long to route names nothing that exists: Django answers 404 for it.
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendError(reply, 404, { detail: NOT_FOUND });
  }
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  return sendError(reply, status, { detail: clientDetail(error, status) });
};

/** A validation issue that a schema marked as "no such object" (see lib/query.ts idParams). */
function isNotFoundIssue(issue: ZodFastifySchemaValidationError): boolean {
  const params = issue.params as { params?: { notFound?: unknown } };
  return params.params?.notFound === true;
}

/**
 * One error handler for the whole app: DRF bodies for client errors; for server errors a
 * generic detail (never a stack trace or an internal message) and an error log line that
 * carries the request id.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return sendError(reply, error.statusCode, error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      if (error.validation.some(isNotFoundIssue)) {
        return sendError(reply, 404, { detail: NOT_FOUND });
      }
      return sendError(
        reply,
        400,
        drfValidationBody(error.validation, request, error.validationContext),
      );
    }
    if (error.validation) {
      return sendError(reply, 400, { non_field_errors: [error.message] });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code, status }, error.message);
      return sendError(reply, status, { detail: clientDetail(error, status) });
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, status >= 500 && status < 600 ? status : 500, {
      detail: SERVER_ERROR,
    });
  });
}
