// The commands section A times, each with the check its output must pass.
// Two targets: URL, a bare node:http server answering BODY, and REF, the
// apictl reference server (`apictl serve`) in a child process.
// `versus` names the case whose wall time is "the same request from HTTPie".
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { APICTL_BIN, BARE_REQUEST, findExecutable, ROOT } from './environment.mjs'
import { GRAPHQL_QUERY } from './graphql-throughput.mjs'

export const BARE_BODY = JSON.stringify({ bench: 'apictl', ok: true, items: [1, 2, 3] })
const ITEM_NAME = JSON.parse(readFileSync(join(ROOT, 'fixtures', 'seed', 'items.json'), 'utf8'))[0].name

/**
 * @param {{ url: string, reference?: string, env: NodeJS.ProcessEnv, unavailable: { cli?: string, reference?: string, soap?: string } }} target
 *   reference: the reference server's origin; unavailable: why some cases cannot run.
 */
export function commandCases({ url, reference, env, unavailable }) {
  const node = process.execPath
  const httpie = findExecutable('http')
  const curl = findExecutable('curl')
  const cli = unavailable.cli && `error: ${unavailable.cli}`
  const onReference = unavailable.reference && `error: reference server: ${unavailable.reference}`
  const answersBody = (result) =>
    sameJson(result.stdout) ? undefined : `unexpected output: ${clip(result.stdout)}`
  const graphqlUrl = `${reference}/graphql`
  const wsdlUrl = `${reference}/soap?wsdl`
  return [
    { id: 'node', label: "node -e ''  (baseline)", command: node, args: ['-e', ''] },
    {
      id: 'version',
      label: 'apictl --version',
      command: node,
      args: [APICTL_BIN, '--version'],
      env,
      check: (result) =>
        /^\d+\.\d+\.\d+/.test(result.stdout) ? undefined : `no version: ${clip(result.stdout)}`,
    },
    {
      id: 'help',
      label: 'apictl --help',
      command: node,
      args: [APICTL_BIN, '--help'],
      env,
      unavailable: cli,
      check: (result) => (/usage/i.test(result.stdout) ? undefined : `no usage text: ${clip(result.stdout)}`),
    },
    {
      id: 'rest',
      label: 'apictl rest get URL',
      command: node,
      args: [APICTL_BIN, 'rest', 'get', url],
      env,
      unavailable: cli,
      versus: 'httpie',
      check: answersBody,
    },
    {
      id: 'curl',
      label: 'curl -s URL',
      command: curl ?? 'curl',
      args: ['-s', url],
      unavailable: curl ? undefined : 'not installed',
      versus: 'httpie',
      check: answersBody,
    },
    {
      id: 'httpie',
      label: 'http GET URL  (HTTPie)',
      command: httpie ?? 'http',
      args: ['--ignore-stdin', 'GET', url],
      unavailable: httpie ? undefined : 'not installed',
      check: answersBody,
    },
    {
      id: 'bare',
      label: 'node bare-request.mjs URL',
      command: node,
      args: [BARE_REQUEST, url],
      versus: 'httpie',
      check: answersBody,
    },
    {
      id: 'gql',
      label: `apictl gql -e REF/graphql '{ item(id: "1") … }'  (cached schema)`,
      command: node,
      args: [APICTL_BIN, 'gql', '-e', graphqlUrl, GRAPHQL_QUERY],
      env,
      cache: 'schemas',
      unavailable: cli ?? onReference,
      versus: 'httpieGql',
      check: (result) => answersItem(parseJson(result.stdout)?.item, result.stdout),
    },
    {
      id: 'httpieGql',
      label: `http POST REF/graphql query='{ item(id: "1") … }'  (HTTPie)`,
      command: httpie ?? 'http',
      args: ['--ignore-stdin', 'POST', graphqlUrl, `query=${GRAPHQL_QUERY}`],
      unavailable: httpie ? onReference : 'not installed',
      check: (result) => answersItem(parseJson(result.stdout)?.data?.item, result.stdout),
    },
    {
      id: 'soap',
      label: 'apictl soap call GetItem id=1 --wsdl REF/soap?wsdl  (cached WSDL)',
      command: node,
      args: [APICTL_BIN, 'soap', 'call', 'GetItem', 'id=1', '--wsdl', wsdlUrl],
      env,
      cache: 'wsdl',
      unavailable: cli ?? onReference ?? unavailable.soap,
      check: (result) =>
        /GetItemResponse/.test(result.stdout) && result.stdout.includes(ITEM_NAME)
          ? undefined
          : `no GetItemResponse with item 1: ${clip(result.stdout)}`,
    },
  ]
}

function answersItem(item, stdout) {
  return item?.id === '1' && item.name === ITEM_NAME ? undefined : `no item 1 in the answer: ${clip(stdout)}`
}

function parseJson(text) {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function sameJson(text) {
  return JSON.stringify(parseJson(text)) === BARE_BODY
}

export function clip(text) {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > 60 ? `${flat.slice(0, 60)}…` : flat || '(empty)'
}
