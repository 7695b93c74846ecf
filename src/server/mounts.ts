import type { MountDefinition } from './mount.js'

/**
 * The protocol halves mounted beside REST. Each loads its module (and its
 * heavy packages) on the first request to its path, so a REST-only run never
 * pays for them. To serve one, point its `load` at the real module.
 */
export const defaultMounts: readonly MountDefinition[] = [
  {
    path: '/graphql',
    name: 'GraphQL',
    load: async () => (await import('./unavailable-mount.js')).unavailableMount('GraphQL'),
  },
  {
    path: '/soap',
    name: 'SOAP',
    load: async () => (await import('./unavailable-mount.js')).unavailableMount('SOAP'),
  },
]
