#!/usr/bin/env node
// Thin shim, in CommonJS so that `--version` answers without starting Node's
// ES module loader (within a few per cent of `node -e ''`); everything else
// loads the CLI bundle through load-cli.cjs (V8 code cache). A closed pipe (`apictl … | head`) ends the process quietly.
'use strict'

for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
    throw error
  })
}
const args = process.argv.slice(2)
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${require('../package.json').version}\n`)
} else {
  require('./load-cli.cjs')
    .loadCli(args)
    .main(args)
    .then((code) => {
      process.exitCode = code
    })
}
