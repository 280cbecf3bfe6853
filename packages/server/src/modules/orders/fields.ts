import { z } from 'zod';

// Field rules shared by the checkout and order routes, with DRF's messages.

const REQUIRED = 'This field is required.';
const NOT_NULL = 'This field may not be null.';
const NOT_BLANK = 'This field may not be blank.';
const NOT_STRING = 'Not a valid string.';
const NULL_CHARACTERS = 'Null characters are not allowed.';
const CONTROL_CHARACTERS = 'Control characters are not allowed.';
const INVALID_TEXT = 'Enter valid text.';
const tooLong = (max: number): string => `Ensure this field has no more than ${max} characters.`;

/** A lone UTF-16 surrogate: not text, and PostgreSQL refuses it in jsonb. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0001-\u0008\u000b-\u001f\u007f]/;
const LINE_BREAK = /[\n\r\t]/;

/**
 * A DRF CharField: trimmed, `max` characters, no NUL (PostgreSQL cannot store it) and no
 * other control characters (line breaks only where `multiline`).
 */
export function text(options: { max: number; blank?: boolean; multiline?: boolean }) {
  const base = z
    .string({
      error: (issue) =>
        issue.input === undefined ? REQUIRED : issue.input === null ? NOT_NULL : NOT_STRING,
    })
    .superRefine((value, ctx) => {
      if (value.includes('\u0000')) ctx.addIssue({ code: 'custom', message: NULL_CHARACTERS });
      else if (CONTROL.test(value) || (!options.multiline && LINE_BREAK.test(value)))
        ctx.addIssue({ code: 'custom', message: CONTROL_CHARACTERS });
      else if (LONE_SURROGATE.test(value)) ctx.addIssue({ code: 'custom', message: INVALID_TEXT });
    })
    .trim();
  const sized = options.blank ? base : base.min(1, { error: NOT_BLANK });
  return sized.max(options.max, { error: tooLong(options.max) });
}

/**
 * A 400 body: field → messages, nested for nested objects (`shipping_address`), or a
 * `detail` (a body that is not JSON).
 */
export const errorTree = z.record(
  z.string(),
  z.union([z.string(), z.array(z.string()), z.record(z.string(), z.array(z.string()))]),
);

/** A DRF ChoiceField: required, not null, `"x" is not a valid choice.` */
export function choice<T extends string>(values: readonly T[]) {
  return z.enum(values as unknown as readonly [T, ...T[]], {
    error: (issue) =>
      issue.input === undefined
        ? REQUIRED
        : issue.input === null
          ? NOT_NULL
          : typeof issue.input === 'string'
            ? `"${issue.input}" is not a valid choice.`
            : 'Select a valid choice.',
  });
}
