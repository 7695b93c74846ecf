/** The style bare lines are read in (`use rest|gql|soap`). */
export type Style = 'rest' | 'gql' | 'soap'
export const STYLES: readonly Style[] = ['rest', 'gql', 'soap']
