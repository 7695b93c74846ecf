#!/usr/bin/env node
// Thin shim: `--version` answers without loading anything; everything else runs the CLI.
// A closed pipe (`apictl … | head`) ends the process quietly, as other CLI tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
    throw error
  })
}
const args = process.argv.slice(2)
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  const { readFileSync } = await import('node:fs')
  process.stdout.write(
    `${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`,
  )
} else {
  const { main } = await import('../dist/cli/main.js')
  process.exitCode = await main(args)
}
