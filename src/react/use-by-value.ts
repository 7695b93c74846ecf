import { useRef } from 'react'

/**
 * `value` as it was first seen with this `key`: the same object for as long as
 * the key stays the same, so an effect that depends on it runs again only
 * when the key (the value's content) changes.
 */
export function useByValue<T>(value: T, key: string): T {
  const held = useRef<{ key: string; value: T }>(undefined)
  if (held.current?.key !== key) held.current = { key, value }
  return held.current.value
}
