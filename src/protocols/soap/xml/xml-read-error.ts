/** Why a document was refused: `syntax` means it is not (well-formed, namespace-well-formed) XML. */
export type XmlReadProblem =
  | 'syntax'
  | 'encoding'
  | 'doctype'
  | 'instruction'
  | 'depth'
  | 'elements'
  | 'size'
  | 'namespace'
  /** Too many namespace declarations, on one element or in all. */
  | 'namespaces'
  | 'attributes'
  | 'name'
  | 'text'
  /** The caller's time limit passed while reading. */
  | 'time'

/** A document the safe reader refused, and which rule it broke. */
export class XmlReadError extends Error {
  readonly problem: XmlReadProblem

  constructor(problem: XmlReadProblem, message: string) {
    super(message)
    this.name = 'XmlReadError'
    this.problem = problem
  }
}
