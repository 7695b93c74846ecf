/** A field that failed validation, and why. */
export interface FieldProblem {
  field: string
  message: string
}

export type StoreErrorCode = 'NOT_FOUND' | 'INVALID_INPUT'

/**
 * Why the store refused an operation, in protocol-neutral terms: REST maps it
 * to 404/422, GraphQL to `extensions.code`, SOAP to a Client fault.
 */
export class StoreError extends Error {
  readonly code: StoreErrorCode
  readonly problems: readonly FieldProblem[]

  constructor(code: StoreErrorCode, message: string, problems: readonly FieldProblem[] = []) {
    super(message)
    this.name = 'StoreError'
    this.code = code
    this.problems = problems
  }

  static notFound(what: string, id: string): StoreError {
    return new StoreError('NOT_FOUND', `${what} ${JSON.stringify(id)} does not exist`)
  }

  static invalid(problems: readonly FieldProblem[]): StoreError {
    const detail = problems.map((problem) => `${problem.field}: ${problem.message}`).join('; ')
    return new StoreError('INVALID_INPUT', detail, problems)
  }
}

export function isStoreError(value: unknown): value is StoreError {
  return value instanceof StoreError
}

/** Why the store could not make a write durable: the disk is full, or another process holds the file too long. */
export type StorageProblem = 'full' | 'busy'

/**
 * A write the data file could not take, with nothing changed: REST answers
 * 507 (full) or 503 (busy) with problem+json, GraphQL an error with that
 * `extensions.code`, SOAP a Server/Receiver fault. The cause goes to the log.
 */
export class StorageError extends Error {
  readonly problem: StorageProblem

  constructor(problem: StorageProblem, message: string, cause?: unknown) {
    super(message, { cause })
    this.name = 'StorageError'
    this.problem = problem
  }

  /** The code GraphQL and SOAP name it by. */
  get code(): 'INSUFFICIENT_STORAGE' | 'STORE_BUSY' {
    return this.problem === 'full' ? 'INSUFFICIENT_STORAGE' : 'STORE_BUSY'
  }
}

export function isStorageError(value: unknown): value is StorageError {
  return value instanceof StorageError
}
