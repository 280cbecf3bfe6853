import { isApiError } from '@atelier/api-client';
import { formatError } from '../errors/format-error';

/** SPEC §8 Form 400 wording. */
export const INVALID_HIDDEN_FIELDS = 'Invalid hidden fields. Please contact support.';
export const CONTACT_SUPPORT = 'Please contact support.';

/** What a form shows above its fields after a failed submit. */
export interface FormAlert {
  title: string;
  description?: string;
  /** Lines listed under the alert (hidden fields and their messages). */
  items?: string[];
}

export interface ServerErrors<Field extends string> {
  /** Messages for fields the form shows, in the form's field order. */
  fields: Array<{ name: Field; message: string }>;
  alert: FormAlert | null;
}

const messagesOf = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(messagesOf);
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(messagesOf);
  return [];
};

/**
 * Sorts a failed submit into SPEC §8 Form 400 parts: field errors under the fields shown,
 * non_field_errors in an alert, fields the form does not show as 'Invalid hidden fields',
 * an empty 400 as the error plus 'Please contact support.', anything else as an alert
 * with the server's detail.
 */
export function readServerErrors<Field extends string>(
  error: unknown,
  shown: readonly Field[],
): ServerErrors<Field> {
  const data = isApiError(error) ? error.response?.data : undefined;
  if (!isApiError(error) || error.status !== 400) {
    const detail = isApiError(error) ? error.detail : undefined;
    if (detail) return { fields: [], alert: { title: detail } };
    const { title, description } = formatError(error);
    return { fields: [], alert: description ? { title, description } : { title } };
  }
  const body =
    data && typeof data === 'object' && !Array.isArray(data)
      ? (data as Record<string, unknown>)
      : {};
  const fields = shown
    .filter((name) => messagesOf(body[name]).length > 0)
    .map((name) => ({ name, message: messagesOf(body[name]).join(' ') }));
  const general = [...messagesOf(body.non_field_errors), ...messagesOf(body.detail)];
  const hidden = Object.keys(body).filter(
    (key) => key !== 'non_field_errors' && key !== 'detail' && !shown.includes(key as Field),
  );
  if (hidden.length > 0) {
    return {
      fields,
      alert: {
        title: INVALID_HIDDEN_FIELDS,
        items: [...general, ...hidden.map((key) => `${key}: ${messagesOf(body[key]).join(' ')}`)],
      },
    };
  }
  if (general.length > 0) return { fields, alert: { title: general.join(' ') } };
  if (fields.length === 0) {
    return { fields, alert: { title: error.message, description: CONTACT_SUPPORT } };
  }
  return { fields, alert: null };
}
