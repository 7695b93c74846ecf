import { createContext } from 'react'
import type { GraphQLApi } from '../library/graphql-api.js'

/** The client ApictlProvider places at the top of the tree; undefined outside one. */
export const ClientContext = createContext<GraphQLApi | undefined>(undefined)
