import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runFile } from '../../src/index.js'
import { tempDir } from '../support/temp-dir.js'

const home = tempDir('apictl-lib-')
const env = {
  HOME: home,
  APICTL_CONFIG_DIR: join(home, 'config'),
  APICTL_CACHE_DIR: join(home, 'cache'),
  APICTL_DATA_DIR: join(home, 'data'),
}

describe('runFile (the library)', () => {
  it('runs a file against the embedded server and resolves to the report, nothing printed', async () => {
    const file = join(tempDir(), 'api.http')
    writeFileSync(
      file,
      '# @name made\nPOST /v1/items name={{what}} price:=3\nAuthorization: Basic demo demo\n\n?? status == 201\n\n###\nGET /v1/items/{{made.id}}\n\n?? status == 200\n',
    )
    const seen: string[] = []
    const report = await runFile(file, {
      profile: 'local',
      env,
      vars: { what: 'Lib' },
      onResult: (result) => seen.push(result.name),
    })
    expect(report.exitCode).toBe(0)
    expect(report.summary).toMatchObject({ requests: 2, passed: 2, assertsPassed: 2 })
    expect(seen).toEqual(['made', 'GET /v1/items/{{made.id}}'])
    expect(JSON.parse(report.results[1]!.response!.body!)).toMatchObject({ name: 'Lib', price: 3 })
  })

  it('what stops the run is report.error with its exit code, never a throw or an exit', async () => {
    const report = await runFile(join(tempDir(), 'missing.http'), { profile: 'local', env })
    expect(report.exitCode).toBe(2)
    expect(report.error?.message).toMatch(/Cannot read .*missing\.http/)
    const file = join(tempDir(), 'bad.http')
    writeFileSync(file, 'GET /v1/items/{{nope}}\n')
    const checked = await runFile(file, { profile: 'local', env })
    expect(checked.exitCode).toBe(2)
    expect(checked.results[0]?.error).toMatchObject({
      message: '{{nope}} is not defined.',
      at: { file, line: 1, column: 15 },
    })
  })
})
