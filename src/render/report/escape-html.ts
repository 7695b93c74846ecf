import { escapeControl } from '../safe-text.js'

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/**
 * Text on its way into an HTML page, as element content or a quoted
 * attribute: markup characters as entities, control and bidirectional
 * characters shown as `\u001b`-style escapes (newlines kept).
 */
export function escapeHtml(text: string): string {
  return escapeControl(text).replace(/[&<>"']/g, (character) => entities[character]!)
}
