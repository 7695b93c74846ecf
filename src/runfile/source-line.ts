/** One line of a request file and its 1-based number. */
export interface Line {
  text: string
  number: number
}
