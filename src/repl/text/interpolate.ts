import { readValuePath, type ValueScope, valueText } from './value-path.js'

const placeholder = /\{\{([^{}]*)\}\}/g

/** True when the text holds a `{{…}}` placeholder. */
export function hasPlaceholder(text: string): boolean {
  placeholder.lastIndex = 0
  return placeholder.test(text)
}

/**
 * Replaces each `{{last.path}}` and `{{name}}` with the value it names
 * (strings as they are, other values as JSON). A path that names nothing is
 * a usage error, so nothing half-filled is ever sent.
 */
export function interpolate(text: string, scope: ValueScope): string {
  if (!text.includes('{{')) return text
  return text.replace(placeholder, (_, path: string) => valueText(readValuePath(scope, path)))
}
