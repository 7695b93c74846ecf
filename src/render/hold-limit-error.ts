import { ResponseError } from '../core/errors.js'

/**
 * A body a printer would have to hold more of than it may (a table with no
 * list to stream, one XML text value of many MiB as JSON): exit 6, with a
 * hint naming the formats that print it as it arrives. Never degraded into
 * "the rest as received", as a fault in a body is.
 */
export class HoldLimitError extends ResponseError {}
