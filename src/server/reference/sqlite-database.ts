import { createRequire } from 'node:module'

/** A SQLite failure, with SQLite's code (`SQLITE_FULL`, `SQLITE_BUSY`, `SQLITE_NOTADB`, …). */
export interface SqliteFailure extends Error {
  code: string
}

export function isSqliteFailure(error: unknown): error is SqliteFailure {
  return error instanceof Error && typeof (error as SqliteFailure).code === 'string'
}

/** A prepared statement; rows come back as arrays (raw mode), in column order. */
export interface SqliteStatement {
  get(...parameters: unknown[]): unknown[] | undefined
  all(...parameters: unknown[]): unknown[][]
  /** Calls `each` for every row, holding only a small window of rows at a time. */
  forEach(each: (row: unknown[]) => void, ...parameters: unknown[]): void
  run(...parameters: unknown[]): void
}

/** The little of better-sqlite3's API the store uses, over libsql. */
export interface SqliteDatabase {
  prepare(sql: string): SqliteStatement
  exec(sql: string): void
  /**
   * Runs `sql` on libsql's own threads, so the event loop goes on meanwhile
   * (a COMMIT's fsync). Nothing else may use the database until it settles.
   */
  execAsync(sql: string): Promise<void>
  readonly inTransaction: boolean
  close(): void
}

/** libsql's native binding: the functions its own index.js calls (libsql 0.5). */
interface Binding {
  databaseOpen(
    path: string,
    authToken: string,
    cipher: string,
    key: string,
    timeout: number,
    remoteKey: string,
  ): object
  databaseInTransaction(database: object): boolean
  databaseClose(this: object): void
  databaseExecSync(this: object, sql: string): void
  databaseExecAsync(this: object, sql: string): Promise<void>
  databasePrepareSync(this: object, sql: string): object
  statementRaw(this: object, raw: boolean): void
  statementGet(this: object, parameters: unknown[]): unknown
  statementRun(this: object, parameters: unknown[]): unknown
  statementRowsSync(this: object, parameters: unknown[]): object
  rowsNext(this: object, into: unknown[]): void
}

const bindingFunctions = [
  'databaseOpen',
  'databaseInTransaction',
  'databaseClose',
  'databaseExecSync',
  'databaseExecAsync',
  'databasePrepareSync',
  'statementRaw',
  'statementGet',
  'statementRun',
  'statementRowsSync',
  'rowsNext',
] as const

/** What libsql's binding throws, with its SQLite code (libsql's own wrapper does the same). */
function converted(error: unknown): unknown {
  const failure = error as { libsqlError?: boolean; code?: unknown; message?: string }
  if (failure?.libsqlError && typeof failure.code === 'string') {
    return Object.assign(new Error(failure.message), { name: 'SqliteError', code: failure.code })
  }
  return error
}

function call<T>(run: () => T): T {
  try {
    return run()
  } catch (error) {
    throw converted(error)
  }
}

const rowsPerFetch = 100

class NativeStatement implements SqliteStatement {
  readonly #binding: Binding
  readonly #statement: object

  constructor(binding: Binding, statement: object) {
    this.#binding = binding
    this.#statement = statement
    try {
      binding.statementRaw.call(statement, true)
    } catch {
      // Not a statement that returns rows (an INSERT): nothing to shape.
    }
  }

  get(...parameters: unknown[]): unknown[] | undefined {
    return call(() => this.#binding.statementGet.call(this.#statement, parameters) as unknown[] | undefined)
  }

  all(...parameters: unknown[]): unknown[][] {
    const result: unknown[][] = []
    this.forEach(
      (row) => {
        result.push(row)
      },
      ...parameters,
    )
    return result
  }

  forEach(each: (row: unknown[]) => void, ...parameters: unknown[]): void {
    const rows = call(() => this.#binding.statementRowsSync.call(this.#statement, parameters))
    const window: unknown[] = new Array(rowsPerFetch)
    for (;;) {
      call(() => this.#binding.rowsNext.call(rows, window))
      for (let index = 0; index < rowsPerFetch; index += 1) {
        const row = window[index] as unknown[] | undefined
        if (row === undefined) return
        window[index] = undefined
        each(row)
      }
    }
  }

  run(...parameters: unknown[]): void {
    call(() => this.#binding.statementRun.call(this.#statement, parameters))
  }
}

class NativeDatabase implements SqliteDatabase {
  readonly #binding: Binding
  readonly #database: object

  constructor(binding: Binding, path: string) {
    this.#binding = binding
    this.#database = call(() => binding.databaseOpen(path, '', 'aes256cbc', '', 0, ''))
  }

  prepare(sql: string): SqliteStatement {
    return new NativeStatement(
      this.#binding,
      call(() => this.#binding.databasePrepareSync.call(this.#database, sql)),
    )
  }

  exec(sql: string): void {
    call(() => this.#binding.databaseExecSync.call(this.#database, sql))
  }

  async execAsync(sql: string): Promise<void> {
    try {
      await this.#binding.databaseExecAsync.call(this.#database, sql)
    } catch (error) {
      throw converted(error)
    }
  }

  get inTransaction(): boolean {
    return this.#binding.databaseInTransaction(this.#database)
  }

  close(): void {
    this.#binding.databaseClose.call(this.#database)
  }
}

/** libsql's public API (the better-sqlite3 shape), for a libsql whose binding differs from the one above. */
interface PublicStatement {
  raw(on: boolean): PublicStatement
  get(...parameters: unknown[]): unknown
  all(...parameters: unknown[]): unknown[]
  iterate(...parameters: unknown[]): Iterable<unknown>
  run(...parameters: unknown[]): unknown
}
interface PublicDatabase {
  prepare(sql: string): PublicStatement
  exec(sql: string): void
  readonly inTransaction: boolean
  close(): void
}

function publicDatabase(require: NodeJS.Require, path: string): SqliteDatabase {
  const Database = require('libsql') as new (path: string) => PublicDatabase
  const database = new Database(path)
  return {
    prepare: (sql) => {
      let statement = database.prepare(sql)
      try {
        statement = statement.raw(true)
      } catch {
        // not a statement that returns rows
      }
      return {
        get: (...parameters) => statement.get(...parameters) as unknown[] | undefined,
        all: (...parameters) => statement.all(...parameters) as unknown[][],
        forEach: (each, ...parameters) => {
          for (const row of statement.iterate(...parameters)) each(row as unknown[])
        },
        run: (...parameters) => {
          statement.run(...parameters)
        },
      }
    },
    exec: (sql) => database.exec(sql),
    // The public API's synchronous database has no asynchronous exec: the event loop waits.
    execAsync: async (sql) => database.exec(sql),
    get inTransaction() {
      return database.inTransaction
    },
    close: () => database.close(),
  }
}

let binding: Binding | null | undefined

/**
 * libsql's prebuilt binary for this machine, loaded directly. libsql's own
 * loader tells glibc from musl by asking process.report for a full diagnostic
 * report (~15 ms, on every command that opens the local store); this tries
 * the glibc build and then the musl one, resolving them from libsql's own
 * place in node_modules. Null when neither loads or the binding is not the one
 * expected (another libsql version): then libsql's public API is used.
 */
function loadBinding(require: NodeJS.Require): Binding | null {
  if (process.env.APICTL_SQLITE_PUBLIC_API === '1') return null
  let fromLibsql: NodeJS.Require
  try {
    fromLibsql = createRequire(require.resolve('libsql'))
  } catch {
    return null
  }
  const targets =
    process.platform === 'linux'
      ? [`linux-${process.arch}-gnu`, `linux-${process.arch}-musl`]
      : process.platform === 'darwin'
        ? [`darwin-${process.arch}`]
        : process.platform === 'win32'
          ? [`win32-${process.arch}-msvc`]
          : []
  for (const target of targets) {
    try {
      const candidate = fromLibsql(`@libsql/${target}`) as Partial<Binding>
      return bindingFunctions.every((name) => typeof candidate[name] === 'function')
        ? (candidate as Binding)
        : null
    } catch {
      // not this one (a musl system refuses the glibc build)
    }
  }
  return null
}

/** Opens (creating when missing) the SQLite database at `path`. */
export function openSqlite(path: string): SqliteDatabase {
  const require = createRequire(import.meta.url)
  if (binding === undefined) binding = loadBinding(require)
  return binding === null ? publicDatabase(require, path) : new NativeDatabase(binding, path)
}
