import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readText } from '../../config/read-text.js'
import { ApictlError } from '../../core/errors.js'
import { ExitCode } from '../../core/exit-codes.js'
import { copyState, type StoreState } from '../kit/store-state.js'
import { readStoreDocument } from './store-document.js'

const seedPath = join('fixtures', 'seed', 'items.json')

/**
 * Where the seed lives. The code runs from src/server (tests), from dist/ or
 * dist/chunks (the build), so look upwards for fixtures/ rather than assume
 * a depth.
 */
export function findSeedFile(start = dirname(fileURLToPath(import.meta.url))): string {
  let directory = start
  for (let depth = 0; depth < 6; depth += 1) {
    const candidate = join(directory, seedPath)
    if (existsSync(candidate)) return candidate
    const parent = dirname(directory)
    if (parent === directory) break
    directory = parent
  }
  throw new ApictlError(`the seed data ${seedPath} was not found above ${start}`, ExitCode.Internal, {
    hint: 'reinstall apictl: the package ships fixtures/ beside dist/',
  })
}

let seed: Promise<StoreState> | undefined

async function readSeed(): Promise<StoreState> {
  const file = findSeedFile()
  try {
    return readStoreDocument(JSON.parse(await readText(file)))
  } catch (error) {
    throw new ApictlError(
      `the seed data ${file} cannot be read: ${(error as Error).message}`,
      ExitCode.Internal,
      {
        where: file,
        cause: error,
      },
    )
  }
}

/** A fresh copy of the seed state (parsed once per process; values are immutable). */
export async function loadSeed(): Promise<StoreState> {
  seed ??= readSeed()
  seed.catch(() => {
    seed = undefined
  })
  return copyState(await seed)
}

/**
 * A store document of the user's to start a new store from (`serve --seed FILE`):
 * the format of a `.json` data file, or a bare array of items.
 */
export async function loadSeedFile(file: string): Promise<StoreState> {
  let text: string
  try {
    text = await readText(file)
  } catch (error) {
    throw new ApictlError(
      `the seed file ${file} cannot be read: ${(error as Error).message}`,
      ExitCode.Usage,
      {
        where: file,
        hint: 'pass --seed a JSON store document: a .json data file, or an array of items',
        cause: error,
      },
    )
  }
  try {
    return readStoreDocument(JSON.parse(text))
  } catch (error) {
    throw new ApictlError(
      `the seed file ${file} is not a valid store: ${(error as Error).message}`,
      ExitCode.Usage,
      {
        where: file,
        hint: 'pass --seed a JSON store document: a .json data file, or an array of items',
        cause: error,
      },
    )
  }
}
