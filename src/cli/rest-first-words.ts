/** What may follow `apictl rest`: its methods and `lint` (shell completion offers them). */
export const REST_FIRST_WORDS: readonly string[] = [
  'get',
  'post',
  'put',
  'patch',
  'delete',
  'head',
  'options',
  'lint',
]
