// Preloaded with `node --require`: writes the process's peak RSS (KiB) to
// $APICTL_RSS_FILE when it exits, however it exits.
const { writeFileSync } = require('node:fs')
process.on('exit', () => {
  if (process.env.APICTL_RSS_FILE) writeFileSync(process.env.APICTL_RSS_FILE, String(process.resourceUsage().maxRSS))
})
