/**
 * The CLI's own settings from the environment — its only reader of `process.env` (the server's
 * settings are read by `loadConfig` from @fanshelf/api).
 */
export interface CliEnvironment {
  /** FANSHELF_BACKUP_PASSPHRASE: the passphrase of `fanshelf backup` / `restore` without --passphrase-file. */
  readonly backupPassphrase: string | undefined
  /** The environment PostgreSQL's client programs (pg_dump, pg_restore, psql) run with: PG* settings pass through. */
  readonly toolEnvironment: Readonly<Record<string, string | undefined>>
  /** `fanshelf mcp`: FANSHELF_ORIGIN, the Fanshelf whose open API the tools call (default: the local server). */
  readonly mcpOrigin: string | undefined
  /** `fanshelf mcp`: FANSHELF_API_USER and FANSHELF_API_PASSWORD, an API user's Basic credentials. */
  readonly mcpApiUser: { username: string; password: string } | undefined
  /** `fanshelf mcp`: FANSHELF_ACCESS_TOKEN, a platform app's access token. */
  readonly mcpAccessToken: string | undefined
}

export function readCliEnvironment(env: Record<string, string | undefined> = process.env): CliEnvironment {
  return Object.freeze({
    backupPassphrase: env.FANSHELF_BACKUP_PASSPHRASE || undefined,
    mcpOrigin: env.FANSHELF_ORIGIN || undefined,
    mcpApiUser:
      env.FANSHELF_API_USER || env.FANSHELF_API_PASSWORD
        ? { username: env.FANSHELF_API_USER ?? '', password: env.FANSHELF_API_PASSWORD ?? '' }
        : undefined,
    mcpAccessToken: env.FANSHELF_ACCESS_TOKEN || undefined,
    toolEnvironment: Object.freeze({ ...env }),
  })
}
