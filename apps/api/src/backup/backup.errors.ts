/**
 * Why a backup or restore stopped, in words an operator acts on. The code is stable (tests and
 * scripts may match it); the message names the file, the setting or the flag to change.
 */
export type BackupErrorCode =
  | 'BACKUP_FILE_NOT_FOUND'
  | 'BACKUP_NOT_AN_ARCHIVE'
  | 'BACKUP_FORMAT_TOO_NEW'
  | 'BACKUP_PASSPHRASE_REQUIRED'
  | 'BACKUP_PASSPHRASE_TOO_SHORT'
  | 'BACKUP_WRONG_PASSPHRASE'
  | 'BACKUP_DAMAGED'
  | 'BACKUP_TRUNCATED'
  | 'BACKUP_SCHEMA_TOO_NEW'
  | 'BACKUP_NO_DATABASE'
  | 'BACKUP_NO_SECRET_KEY'
  | 'BACKUP_TOOL_FAILED'
  | 'RESTORE_TARGET_NOT_EMPTY'
  | 'RESTORE_DATABASE_KIND_MISMATCH'
  | 'RESTORE_SECRET_KEY_MISMATCH'

export class BackupError extends Error {
  constructor(
    readonly code: BackupErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'BackupError'
  }
}
