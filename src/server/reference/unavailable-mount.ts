import { sendProblem } from '../kit/http/respond.js'
import type { Mount } from '../kit/mount.js'

/** Stands in for a protocol half that this build of the server does not serve yet. */
export function unavailableMount(name: string): Mount {
  return {
    handle(_request, response) {
      sendProblem(response, 404, `${name} is not available yet on this server; REST is at /v1 and /v2`)
    },
  }
}
