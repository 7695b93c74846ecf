import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { tempDir } from './temp-dir.js'

/** A private CA and what it signed, as files (for the CLI) and PEM text (for the test's servers). */
export interface TestPki {
  dir: string
  caFile: string
  serverCertFile: string
  serverKeyFile: string
  clientCertFile: string
  clientKeyFile: string
  /** Another CA's client certificate (and key): the server must refuse it. */
  strangerCertFile: string
  strangerKeyFile: string
  pem(file: string): string
}

const openssl = (dir: string, args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' })
const NEW_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes']

function makeCa(dir: string, name: string): void {
  openssl(dir, [
    'req',
    '-x509',
    ...NEW_KEY,
    '-days',
    '2',
    '-subj',
    `/CN=${name}`,
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.pem`,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ])
}

function signed(dir: string, ca: string, name: string, extensions: string): void {
  writeFileSync(join(dir, `${name}.ext`), extensions)
  openssl(dir, ['req', ...NEW_KEY, '-subj', `/CN=${name}`, '-keyout', `${name}.key`, '-out', `${name}.csr`])
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${ca}.pem`,
    '-CAkey',
    `${ca}.key`,
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    `${name}.ext`,
    '-out',
    `${name}.pem`,
  ])
}

/**
 * Makes, with openssl in a temp dir, a private CA, a server certificate it
 * signs for 127.0.0.1, localhost and secure.test, a client certificate it
 * signs, and a client certificate from another CA. EC keys: a few
 * milliseconds each. Removed when the test file ends.
 */
export function makeTestPki(): TestPki {
  const dir = tempDir('apictl-pki-')
  makeCa(dir, 'test-ca')
  makeCa(dir, 'stranger-ca')
  signed(
    dir,
    'test-ca',
    'server',
    'subjectAltName=DNS:secure.test,DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n',
  )
  signed(dir, 'test-ca', 'client', 'extendedKeyUsage=clientAuth\n')
  signed(dir, 'stranger-ca', 'stranger', 'extendedKeyUsage=clientAuth\n')
  const file = (name: string) => join(dir, name)
  return {
    dir,
    caFile: file('test-ca.pem'),
    serverCertFile: file('server.pem'),
    serverKeyFile: file('server.key'),
    clientCertFile: file('client.pem'),
    clientKeyFile: file('client.key'),
    strangerCertFile: file('stranger.pem'),
    strangerKeyFile: file('stranger.key'),
    pem: (path) => readFileSync(path, 'utf8'),
  }
}
