import { readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { UsageError } from '../core/errors.js'

/** A PEM file named by --ca, --cert or --key (or a profile's ca, cert, key), read once. */
export interface TlsFile {
  /** As given, for --curl and messages. */
  path: string
  pem: string
}

/** TLS beyond verification on/off (SPEC §3): an extra CA bundle, a client certificate and its key. */
export interface TlsSettings {
  /** Trusted besides the system's roots (as NODE_EXTRA_CA_CERTS). */
  ca?: TlsFile
  /** Client certificate (mutual TLS); the key is in the same file unless `key` is given. */
  cert?: TlsFile
  key?: TlsFile
}

export interface TlsPaths {
  ca?: string
  cert?: string
  key?: string
}

const PEM = {
  ca: /-----BEGIN CERTIFICATE-----/,
  cert: /-----BEGIN CERTIFICATE-----/,
  key: /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
}

/**
 * Reads the files --ca, --cert and --key name (relative to `cwd`, `~/` the
 * home directory), each checked to hold what it should in PEM form: a
 * missing file or the wrong content is a usage error before anything is sent.
 */
export function readTlsFiles(
  paths: TlsPaths,
  cwd: string,
  home: string | undefined,
): TlsSettings | undefined {
  if (paths.ca === undefined && paths.cert === undefined && paths.key === undefined) return undefined
  if (paths.key !== undefined && paths.cert === undefined) {
    throw new UsageError('--key needs --cert: the key belongs to a client certificate.', {
      where: '--key',
      hint: 'Give both: --cert client.pem --key client-key.pem (or one PEM file holding both to --cert).',
    })
  }
  const settings: TlsSettings = {}
  if (paths.ca !== undefined) settings.ca = readPem('ca', paths.ca, cwd, home)
  if (paths.cert !== undefined) settings.cert = readPem('cert', paths.cert, cwd, home)
  if (paths.key !== undefined) settings.key = readPem('key', paths.key, cwd, home)
  else if (settings.cert !== undefined && !PEM.key.test(settings.cert.pem)) {
    throw new UsageError(`--cert ${paths.cert}: the file holds no private key, and --key is not given.`, {
      where: '--cert',
      hint: 'Add --key FILE with the certificate’s private key (PEM).',
    })
  }
  return settings
}

function readPem(kind: 'ca' | 'cert' | 'key', path: string, cwd: string, home: string | undefined): TlsFile {
  const flag = `--${kind}`
  const full =
    path === '~' || path.startsWith('~/') ? join(home ?? homedir(), path.slice(1)) : resolve(cwd, path)
  let pem: string
  try {
    pem = readFileSync(full, 'latin1')
  } catch (error) {
    const code = (error as { code?: string }).code
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a directory' : (code ?? String(error))
    throw new UsageError(`${flag} ${path}: cannot read it (${why}).`, {
      where: flag,
      hint: 'Give the path of a PEM file.',
    })
  }
  if (!PEM[kind].test(pem)) {
    const wanted = kind === 'key' ? 'a PEM private key (-----BEGIN … PRIVATE KEY-----)' : 'a PEM certificate'
    throw new UsageError(`${flag} ${path}: not ${wanted}.`, {
      where: flag,
      hint: 'Convert DER or PKCS#12 files to PEM first, e.g. openssl x509 -inform der -in FILE -out FILE.pem',
    })
  }
  return { path, pem }
}
