/** The helpers cli-table3 draws cells with (its package ships no types for them). */
declare module 'cli-table3/src/utils.js' {
  const utils: {
    strlen(text: string): number
    truncate(text: string, width: number, symbol?: string): string
  }
  export default utils
}
