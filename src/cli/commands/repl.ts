/** `apictl repl` (and `apictl` alone on a terminal): the session lives in src/repl. */
export { runRepl } from '../../repl/run-repl.js'
