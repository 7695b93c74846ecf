import type { Command } from 'commander'
import { collect, portNumber } from './option-parsers.js'

/** `apictl serve`'s options, as commander hands them over. */
export interface ServeOptionValues {
  port: number
  host: string
  data?: string
  seed?: string
  quiet?: boolean
  /** Host names to answer to beside localhost and the listening address. */
  publicHost?: string[]
}

export function addServeOptions(command: Command): Command {
  return command
    .option('--port <port>', 'port to listen on (0 picks a free one)', portNumber, 4000)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option(
      '--data <file>',
      'keep the store in this file, made from the seed when missing: FILE.json a JSON document, any other name a SQLite database',
    )
    .option(
      '--seed <file.json>',
      'start a new store from this JSON document (a .json data file, or an array of items) instead of the built-in seed',
    )
    .option(
      '--public-host <name>',
      'also answer to this Host name (repeatable; .example.com: the domain and its subdomains)',
      collect,
    )
    .option('--quiet', 'no request log on stderr')
}
