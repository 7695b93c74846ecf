import type { FormBody } from '../../../core/exchange.js'

/** The Content-Type a form is sent with (HTTPie's): urlencoded in UTF-8, or multipart with its boundary. */
export function formContentType(form: FormBody): string {
  return form.multipart
    ? `multipart/form-data; boundary=${form.boundary}`
    : 'application/x-www-form-urlencoded; charset=utf-8'
}

/** An urlencoded form's body (`a=1&b=x+y`); undefined for multipart, which the transport streams. */
export function urlencodedBody(form: FormBody): string | undefined {
  return form.multipart ? undefined : new URLSearchParams(form.fields).toString()
}

/** A boundary no file is likely to hold (RFC 2046 allows up to 70 characters). */
export function newBoundary(): string {
  const random = () => Math.random().toString(36).slice(2, 12).padEnd(10, '0')
  return `apictl-${random()}${random()}${random()}`
}
