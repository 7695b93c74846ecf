// Preloaded (`node --require`, through NODE_OPTIONS) into a timed process by sections that
// report CPU time beside wall time (E): on exit, writes the process's own user+system CPU in
// milliseconds to $APICTL_BENCH_CPU_FILE. CPU time moves far less than wall time on a busy machine.
'use strict'
const file = process.env.APICTL_BENCH_CPU_FILE
if (file) {
  process.on('exit', () => {
    const { user, system } = process.cpuUsage()
    require('node:fs').writeFileSync(file, String((user + system) / 1000))
  })
}
