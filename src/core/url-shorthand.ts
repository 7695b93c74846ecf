/**
 * HTTPie's localhost shorthand, wherever apictl takes a URL: `:4000/v1` is
 * `http://localhost:4000/v1`, `:/v1` is `http://localhost/v1`, `:` alone is
 * `http://localhost`. Anything else is returned as it was typed.
 */
export function expandUrlShorthand(text: string): string {
  if (!/^:\d*(\/|\?|$)/.test(text)) return text
  return `http://localhost${text.startsWith(':/') || text.startsWith(':?') ? text.slice(1) : text}`
}

/** True for `:port/path`, `:/path` or `:` (see expandUrlShorthand). */
export function isUrlShorthand(text: string): boolean {
  return expandUrlShorthand(text) !== text
}
