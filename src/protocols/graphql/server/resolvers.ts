import type { GraphQLResolveInfo } from 'graphql'
import type { ChangeEvent, Item } from '../../../server/kit/item.js'
import { changeStream } from './change-stream.js'
import { type GraphqlContext, requireUser } from './graphql-context.js'
import type { ItemsPaging } from './items-data-source.js'

type Parent = unknown

/**
 * The resolvers of the schema in ../schema/type-defs.ts, each taking
 * `(parent, args, contextValue, info)` as Apollo passes them. Reads go
 * straight to `contextValue.dataSources.items`; writes first require a user.
 */
export const resolvers = {
  Query: {
    items: (_parent: Parent, args: ItemsPaging, contextValue: GraphqlContext, _info: GraphQLResolveInfo) =>
      contextValue.dataSources.items.list(args),

    item: (_parent: Parent, args: { id: string }, contextValue: GraphqlContext, _info: GraphQLResolveInfo) =>
      contextValue.dataSources.items.get(args.id),

    itemCount: (
      _parent: Parent,
      args: { tag?: string | null },
      contextValue: GraphqlContext,
      _info: GraphQLResolveInfo,
    ) => contextValue.dataSources.items.count(args.tag),
  },

  Mutation: {
    createItem: (
      _parent: Parent,
      args: { input: object },
      contextValue: GraphqlContext,
      info: GraphQLResolveInfo,
    ) => {
      requireUser(contextValue, info.fieldName)
      return contextValue.dataSources.items.create(args.input)
    },

    updateItem: (
      _parent: Parent,
      args: { id: string; input: object },
      contextValue: GraphqlContext,
      info: GraphQLResolveInfo,
    ) => {
      requireUser(contextValue, info.fieldName)
      return contextValue.dataSources.items.update(args.id, args.input)
    },

    deleteItem: (
      _parent: Parent,
      args: { id: string },
      contextValue: GraphqlContext,
      info: GraphQLResolveInfo,
    ) => {
      requireUser(contextValue, info.fieldName)
      return contextValue.dataSources.items.remove(args.id)
    },

    addReview: (
      _parent: Parent,
      args: { itemId: string; input: object },
      contextValue: GraphqlContext,
      info: GraphQLResolveInfo,
    ) => {
      requireUser(contextValue, info.fieldName)
      return contextValue.dataSources.items.addReview(args.itemId, args.input)
    },
  },

  Subscription: {
    itemChanged: {
      // The store's change feed, from the moment of subscribing; each event is one ItemChange.
      subscribe: (_parent: Parent, _args: object, contextValue: GraphqlContext, _info: GraphQLResolveInfo) =>
        changeStream(contextValue.dataSources.items.changes),
      resolve: (event: ChangeEvent) => event,
    },
  },

  /** Only resolved when a query selects it. */
  Item: {
    reviews: (parent: Item, _args: object, contextValue: GraphqlContext, _info: GraphQLResolveInfo) =>
      contextValue.dataSources.items.reviewsOf(parent.id),
  },

  /** The store's change types as the schema's enum values. */
  ChangeType: { CREATED: 'created', UPDATED: 'updated', DELETED: 'deleted' },
}
