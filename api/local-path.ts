// The one rule for a user-given place to send a browser after an action (sign-in's `next`,
// the event forms' `back`, a demo link's `to`): a path on this instance, written as a
// Location header can carry it. Node refuses a header holding a character above U+00FF (and
// browsers read Location as UTF-8, not as Latin-1), so such a target answered 500 after the
// action had already run. Every character outside printable ASCII is percent-encoded as UTF-8
// (`/decks/é` → `/decks/%C3%A9`: the same address the browser asked for); existing escapes are
// kept as they are.

/** The target as a Location header value, or null when it is not a local path (no `//host`, scheme, backslash, control character or lone surrogate; at most 500 characters). */
export function localPath(target: unknown): string | null {
  if (typeof target !== 'string' || target.length > 500 || !target.startsWith('/') || target.startsWith('//')) return null;
  if (/[\\\u0000-\u001f\u007f]|\p{Cs}/u.test(target)) return null; // \p{Cs} in u mode: a lone surrogate (encodeURIComponent throws on one)
  return target.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
}
