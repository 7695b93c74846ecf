import type { Context } from '../core/context.js'
import { SERVE_DEFAULT_URL } from '../exchange/target.js'

/**
 * --dry-run / --curl with the built-in `local` profile print `apictl serve`'s
 * default address (so the printed request works against `apictl serve`),
 * while a real run starts the server on a free port: say so once.
 */
export function noteServeDefault(ctx: Context): void {
  ctx.stderr.write(
    `note: profile local: shown with ${SERVE_DEFAULT_URL}, the address \`apictl serve\` listens on; a real run starts the built-in server on a free port instead.\n`,
  )
}
