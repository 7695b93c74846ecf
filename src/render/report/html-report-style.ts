/** The HTML report's one stylesheet, inline (the page loads nothing). */
export const HTML_REPORT_STYLE = `
:root { color-scheme: light; --pass: #1a7f37; --fail: #cf222e; --error: #bc4c00; --skip: #6e7781; --line: #d0d7de; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto; padding: 24px; max-width: 1100px; color: #1f2328; background: #fff; }
h1 { font-size: 20px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 28px 0 8px; }
.meta { color: #57606a; margin: 0 0 16px; }
.totals { display: flex; gap: 8px; flex-wrap: wrap; margin: 12px 0; }
.badge { border-radius: 12px; padding: 2px 10px; font-weight: 600; border: 1px solid var(--line); }
.badge.passed { color: var(--pass); } .badge.failed { color: var(--fail); } .badge.error { color: var(--error); } .badge.skipped { color: var(--skip); }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-weight: 600; background: #f6f8fa; }
td.number { text-align: right; font-variant-numeric: tabular-nums; }
.outcome { font-weight: 600; text-transform: uppercase; font-size: 12px; }
.outcome.passed { color: var(--pass); } .outcome.failed { color: var(--fail); } .outcome.error { color: var(--error); } .outcome.skipped { color: var(--skip); }
details.request { border: 1px solid var(--line); border-left-width: 4px; border-radius: 6px; margin: 10px 0; padding: 6px 12px; }
details.request.passed { border-left-color: var(--pass); } details.request.failed { border-left-color: var(--fail); }
details.request.error { border-left-color: var(--error); } details.request.skipped { border-left-color: var(--skip); }
summary { cursor: pointer; font-weight: 600; }
summary .at, .at { color: #57606a; font-weight: 400; }
ul.asserts { list-style: none; padding: 0; margin: 8px 0; }
ul.asserts li { padding: 4px 8px; border-radius: 4px; margin: 2px 0; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
ul.asserts li.passed::before { content: "✓ "; color: var(--pass); }
ul.asserts li.failed { background: #ffebe9; }
ul.asserts li.failed::before { content: "✗ "; color: var(--fail); font-weight: 700; }
dl.values { display: grid; grid-template-columns: max-content 1fr; gap: 0 12px; margin: 4px 0 0 18px; }
dl.values dt { color: #57606a; } dl.values dd { margin: 0; white-space: pre-wrap; word-break: break-all; }
.problem { color: var(--error); white-space: pre-wrap; }
pre { background: #f6f8fa; border: 1px solid var(--line); border-radius: 4px; padding: 8px; overflow: auto; max-height: 420px; white-space: pre-wrap; word-break: break-all; font-size: 12.5px; margin: 4px 0 10px; }
h3 { font-size: 13px; margin: 10px 0 2px; color: #57606a; text-transform: uppercase; letter-spacing: .04em; }
.truncated { color: #57606a; font-style: italic; }
`
