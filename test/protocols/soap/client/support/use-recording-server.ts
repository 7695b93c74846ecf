import { afterAll, beforeAll, beforeEach } from 'vitest'
import { echoReply, type RecordingServer, startRecordingServer } from './recording-server.js'

/**
 * A recording server for the test file: started before its tests, closed after them, and
 * before each test emptied of what it received and set back to echoReply. The object
 * returned reads through to it, so it can be declared at the top of the file.
 */
export function useRecordingServer(): RecordingServer {
  let server: RecordingServer | undefined
  beforeAll(async () => {
    server = await startRecordingServer()
  })
  afterAll(() => server?.close())
  beforeEach(() => {
    live().received.length = 0
    live().reply = echoReply
  })
  const live = (): RecordingServer => {
    if (server === undefined) throw new Error('the recording server starts in beforeAll: use it inside tests')
    return server
  }
  return {
    get url() {
      return live().url
    },
    get received() {
      return live().received
    },
    get reply() {
      return live().reply
    },
    set reply(reply) {
      live().reply = reply
    },
    close: () => live().close(),
  }
}
