/**
 * commander's own error text (a missing argument, an unknown option, a bad
 * option value) as apictl words its errors: a capitalised sentence with a
 * full stop, commander's did-you-mean kept.
 */
export function commanderMessage(text: string): string {
  const [first = '', ...rest] = text.trim().split('\n')
  let message = first.replace(/^error:\s*/i, '').replace(/ is invalid\. (\S)/, ' is invalid: $1')
  message = message.charAt(0).toUpperCase() + message.slice(1)
  if (!/[.?!)]$/.test(message)) message += '.'
  const suggestion = rest
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ')
  return suggestion ? `${message} ${suggestion}` : message
}
