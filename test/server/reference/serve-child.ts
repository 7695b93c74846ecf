import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const bin = fileURLToPath(new URL('../../../bin/apictl.cjs', import.meta.url))

export interface ServeChild {
  process: ChildProcess
  url: string
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>
}

/** `apictl serve --port 0 --data FILE --quiet` as a real process, once it listens. */
export function serveChild(
  dataFile: string,
  env: Record<string, string | undefined> = {},
): Promise<ServeChild> {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--data', dataFile, '--quiet'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  })
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  )
  return new Promise((resolve, reject) => {
    let stderr = ''
    child.stderr!.setEncoding('utf8')
    child.stderr!.on('data', (text: string) => {
      stderr += text
      const match = /apictl serve: listening on (http:\/\/\S+)/.exec(stderr)
      if (match) resolve({ process: child, url: match[1]!, exited })
    })
    void exited.then((code) => reject(new Error(`apictl serve exited ${code} before listening: ${stderr}`)))
    child.on('error', reject)
  })
}

/** `apictl serve --data FILE` expected to refuse: its exit code and stderr. */
export function serveRefused(dataFile: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--data', dataFile, '--quiet'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
  })
  let stderr = ''
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (text: string) => {
    stderr += text
    // It started after all: stop it, the caller's expectations will fail on the output.
    if (stderr.includes('apictl serve: listening on')) child.kill()
  })
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })))
}
