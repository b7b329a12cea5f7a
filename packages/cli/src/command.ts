import { type ParseArgsConfig, parseArgs } from 'node:util'

/** Where a command writes: standard output and standard error (tests capture both). */
export interface Io {
  out(text: string): void
  err(text: string): void
}

export interface Command {
  name: string
  summary: string
  usage: string
  run(args: string[], io: Io): Promise<number>
}

/** A mistake in how the command was called: exit code 2 with the usage text. */
export class UsageError extends Error {}

/** node:util parseArgs with our error type, so a bad flag prints the command's usage. */
export function parseOptions<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true })
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
}

export function printJson(io: Io, value: unknown): void {
  io.out(`${JSON.stringify(value, null, 2)}\n`)
}
