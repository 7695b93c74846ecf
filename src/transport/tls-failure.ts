/** OpenSSL's reason inside a message such as `…:SSL routines:ssl3_read_bytes:tlsv13 alert certificate required:…`. */
function opensslReason(message: string): string | undefined {
  return /:SSL routines:[^:]*:([^:]+):/.exec(message)?.[1]
}

/**
 * A TLS failure in words, with what to try: the server's certificate not
 * trusted (--ca), the client certificate missing or refused (--cert/--key),
 * or OpenSSL's own reason, without its file-and-line noise.
 */
export function tlsFailure(code: string, message: string): { what: string; hint: string } {
  const reason = opensslReason(message)
  if (reason !== undefined && /certificate required/.test(reason)) {
    return {
      what: 'the server asks for a client certificate',
      hint: 'Give one with --cert FILE (and --key FILE when the key is apart), or in the profile.',
    }
  }
  if (
    reason !== undefined &&
    /alert (unknown ca|bad certificate|certificate unknown|access denied|decrypt error)/.test(reason)
  ) {
    return {
      what: `the server refused the client certificate (${reason.replace(/^.*alert /, '')})`,
      hint: 'Check that --cert (and --key) are the certificate the server trusts, signed by its CA.',
    }
  }
  if (/SELF_SIGNED|UNABLE_TO_|LEAF_SIGNATURE|ISSUER/.test(code)) {
    return {
      what: `${message} (the server's certificate is not signed by a CA apictl trusts)`,
      hint: 'Trust its CA with --ca FILE (or NODE_EXTRA_CA_CERTS); --insecure skips verification (test servers only).',
    }
  }
  return {
    what: reason ?? message,
    hint: 'Check the certificate; --ca FILE trusts a private CA, --insecure skips verification (test servers only).',
  }
}
