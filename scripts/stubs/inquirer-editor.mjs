// Bundled in place of @inquirer/editor: inquirer's prompt module registers every
// prompt type, and this one pulls in chardet and iconv-lite (550 KB of encoding
// tables, a third of the CLI bundle, read by every start-up) to open $EDITOR, a
// prompt apictl never asks. Asking it says so.
export default function editor() {
  throw new Error(
    'The editor prompt is not built into apictl (inquirer was bundled without @inquirer/editor)',
  )
}
