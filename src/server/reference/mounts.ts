import type { MountDefinition } from '../kit/mount.js'

/**
 * The protocol halves mounted beside REST. Each loads its module (and its
 * heavy packages) on the first request to its path, so a REST-only run never
 * pays for them. To serve one, point its `load` at the real module.
 */
export const defaultMounts: readonly MountDefinition[] = [
  {
    path: '/graphql',
    name: 'GraphQL',
    load: async (services) =>
      (await import('../../protocols/graphql/server/graphql-mount.js')).createGraphqlMount(services),
  },
  {
    path: '/soap',
    name: 'SOAP',
    load: async (services) =>
      (await import('../../protocols/soap/server/soap-mount.js')).createSoapMount(services),
  },
]
