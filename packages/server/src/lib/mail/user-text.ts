/**
 * Text that users typed, made fit for one line of an email we send in our name: a name of
 * "Ada\n\nYour account is locked, go to http://evil.example" must read as a name, not as
 * a paragraph and a link of ours.
 */

/** Names (of people, artworks, artists) in emails: at most this many characters. */
export const NAME_MAX = 60;

// Control and format characters (bidi overrides included) and line or paragraph separators.
const INVISIBLE_OR_BREAK = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu;
const ELLIPSIS = '\u2026';
// U+2024 ONE DOT LEADER and U+2236 RATIO look like '.' and ':' but end a host name or scheme:
// mail clients do not make "evil.example" or "http://…" written with them into links. Only a
// dot before a letter (a top-level domain's) is changed, so that "8.5" stays as it is.
const DOT_LEADER = '\u2024';
const RATIO = '\u2236';

/** One line: control characters and line breaks out, whitespace collapsed, trimmed, capped. */
export function oneLine(value: string, max: number): string {
  const collapsed = value.replace(INVISIBLE_OR_BREAK, ' ').replace(/\s+/g, ' ').trim();
  const chars = Array.from(collapsed);
  if (chars.length <= max) return collapsed;
  return `${chars
    .slice(0, Math.max(0, max - 1))
    .join('')
    .trimEnd()}${ELLIPSIS}`;
}

/** The text with nothing a mail client would turn into a link: no URL, domain or address. */
export function withoutLinks(value: string): string {
  return value.replace(/:(?=\/\/)/g, RATIO).replace(/(?<=[\p{L}\p{N}_-])\.(?=\p{L})/gu, DOT_LEADER);
}

/**
 * A user-given value for an email: one line, at most `max` characters, with no link. The
 * HTML part is escaped where it is built (`textToHtml`).
 */
export function userText(value: string | null | undefined, max: number = NAME_MAX): string {
  return withoutLinks(oneLine(value ?? '', max));
}
