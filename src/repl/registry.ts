import type { ReplCommand } from './command.js'
import { authCommand } from './commands/auth.js'
import { buildCommand } from './commands/build.js'
import { exitCommand } from './commands/exit.js'
import { gqlCommand } from './commands/gql.js'
import { headerCommand } from './commands/header.js'
import { helpCommand } from './commands/help.js'
import { historyCommand } from './commands/history.js'
import { lastCommand } from './commands/last.js'
import { opsCommand } from './commands/ops.js'
import { profileCommand } from './commands/profile.js'
import { restCommand } from './commands/rest.js'
import { runCommand } from './commands/run.js'
import { saveCommand } from './commands/save.js'
import { schemaCommand } from './commands/schema.js'
import { setCommand } from './commands/set.js'
import { soapCommand } from './commands/soap.js'
import { unheaderCommand } from './commands/unheader.js'
import { useCommand } from './commands/use.js'
import { varCommand } from './commands/var.js'
import { varsCommand } from './commands/vars.js'

/** Every REPL command, in the order `.help` lists them within a group. The completer reads this too. */
export const replCommands: readonly ReplCommand[] = [
  restCommand,
  gqlCommand,
  varCommand,
  varsCommand,
  buildCommand,
  schemaCommand,
  soapCommand,
  opsCommand,
  setCommand,
  lastCommand,
  useCommand,
  profileCommand,
  headerCommand,
  unheaderCommand,
  authCommand,
  helpCommand,
  exitCommand,
  historyCommand,
  saveCommand,
  runCommand,
]
