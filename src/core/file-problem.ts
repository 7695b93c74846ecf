const PROBLEMS: Record<string, string> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a part of the path is not a directory',
  ELOOP: 'too many symbolic links',
  EMFILE: 'too many open files',
}

/** Why a file could not be read, in words (`no such file`), for messages; else the error's own message. */
export function fileProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return (code !== undefined && PROBLEMS[code]) || (error instanceof Error ? error.message : String(error))
}
