import type { Context, Sink } from '../core/context.js'
import type { CommonOptions } from '../core/request-options.js'
import type { RestResult } from '../protocols/rest/client/decode-rest-response.js'
import type { MergedPages } from '../protocols/rest/client/merged-pages.js'
import { drained } from './drained.js'
import { layoutJsonTokens } from './json-printer.js'
import { JsonStreamLayout } from './json-stream-layout.js'
import { jsonValueTokens } from './json-value-tokens.js'
import { OutputBuffer } from './output-buffer.js'
import { printRestStatus, type RestView, restView } from './rest-view.js'
import { bytesForTerminal } from './safe-text.js'
import { WindowedTable } from './windowed-table.js'

/** The merged list as it is written: each page's items as they come, then its end. */
interface ListWriter {
  add(items: unknown[]): void
  end(): void
}

/**
 * --all: the merged list printed as the pages arrive (the walk fetches the
 * next page when this one has been written), as one JSON list (pretty,
 * `-o json`; `-o xml` too, the pages being JSON) or one table; `-o raw` reads
 * the walk through and shows the last page as received, as a single page
 * is. Then, on stderr, what ended the walk early: --max-pages, a page that
 * repeats or is not a list, or a page that failed (its status line; the
 * exit code is that page's). A failure while walking closes the list
 * printed so far, says at which page, and is thrown on (a Ctrl-C too).
 */
export async function printMergedPages(
  first: RestResult,
  pages: MergedPages,
  common: CommonOptions,
  ctx: Context,
  options: { maxPages: number; followRedirects: boolean },
): Promise<void> {
  printRestStatus(first, common, ctx, options.followRedirects)
  const view = restView(common, ctx)
  const format = common.output ?? 'pretty'
  const list = format === 'raw' ? undefined : listWriter(format === 'table', view, ctx.stdout)
  try {
    for await (const items of pages) {
      list?.add(items)
      await drained(ctx.stdout)
    }
  } catch (error) {
    list?.end()
    view.warn(`--all stopped while fetching page ${pages.read + 1}; showing ${pagesShown(pages.read)}.`)
    throw error
  }
  list?.end()
  const end = pages.end!
  if (end.failedPage !== undefined) printRestStatus(end.result, common, ctx, options.followRedirects)
  for (const warning of end.result.warnings) view.warn(warning)
  if (end.truncated) view.warn(`stopped after ${options.maxPages} pages (--max-pages); the server has more.`)
  if (format === 'raw') ctx.stdout.write(bytesForTerminal(end.result.response.body, ctx.stdout))
}

function pagesShown(count: number): string {
  return count === 1 ? 'page 1 only' : `pages 1-${count}`
}

function listWriter(table: boolean, view: RestView, sink: Sink): ListWriter {
  if (table) {
    const rows = new WindowedTable({ colour: view.colour, columns: view.columns }, (text) => sink.write(text))
    return { add: (items) => rows.add(items), end: () => sink.write(`${rows.end()}\n`) }
  }
  // One JSON list, laid out as JSON.stringify(list, null, 2) would lay it out, a page at a time.
  const out = new OutputBuffer((chunk) => sink.write(chunk))
  const layout = new JsonStreamLayout(out, view.colour)
  layout.open(0x5b)
  return {
    add: (items) => {
      for (const item of items) layoutJsonTokens(layout, jsonValueTokens(item))
      out.flush()
    },
    end: () => {
      layout.close(0x5d)
      layout.finish()
      out.flush()
      sink.write('\n')
    },
  }
}
