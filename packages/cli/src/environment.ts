/**
 * The CLI's own settings from the environment — its only reader of `process.env` (the server's
 * settings are read by `loadConfig` from @fanshelf/api).
 */
export interface CliEnvironment {
  /** FANSHELF_BACKUP_PASSPHRASE: the passphrase of `fanshelf backup` / `restore` without --passphrase-file. */
  readonly backupPassphrase: string | undefined
  /** The environment PostgreSQL's client programs (pg_dump, pg_restore, psql) run with: PG* settings pass through. */
  readonly toolEnvironment: Readonly<Record<string, string | undefined>>
}

export function readCliEnvironment(env: Record<string, string | undefined> = process.env): CliEnvironment {
  return Object.freeze({
    backupPassphrase: env.FANSHELF_BACKUP_PASSPHRASE || undefined,
    toolEnvironment: Object.freeze({ ...env }),
  })
}
