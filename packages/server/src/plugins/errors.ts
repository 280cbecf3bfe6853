import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import { ApiError, SERVER_ERROR } from '../lib/errors';

type Params = Record<string, unknown>;

/** zod's own English messages start like this; anything else was written in a schema. */
const ZOD_DEFAULT_MESSAGE = /^(Invalid |Too (small|big)|Unrecognized key)/;

const num = (value: unknown): string => String(value);

/** DRF's wording for a zod issue, unless the schema gave its own message. */
export function drfMessage(issue: ZodFastifySchemaValidationError, input: unknown): string {
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

type ErrorTree = { [key: string]: string[] | ErrorTree };

/** `{"field": ["message"], "nested": {"field": [...]}, "non_field_errors": [...]}`. */
export function drfValidationBody(
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
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large.',
};

/**
 * One error handler for the whole app: DRF bodies for client errors; for server errors a
 * generic detail (never a stack trace or an internal message) and an error log line that
 * carries the request id.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .code(400)
        .send(drfValidationBody(error.validation, request, error.validationContext));
    }
    if (error.validation) {
      return reply.code(400).send({ non_field_errors: [error.message] });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code, status }, error.message);
      return reply.code(status).send({
        detail: CLIENT_MESSAGES[error.code] ?? (status === 404 ? 'Not found.' : error.message),
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(status >= 500 && status < 600 ? status : 500).send({ detail: SERVER_ERROR });
  });
}
