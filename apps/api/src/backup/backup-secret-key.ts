import fs from 'node:fs'
import path from 'node:path'
import { BackupError } from './backup.errors.js'
import type { BackupSettings } from './backup-manifest.js'

/** The install's secret key as a backup takes it and a restore puts it back. */

export function secretKeyFileOf(dataDir: string): string {
  return path.join(dataDir, 'secret.key')
}

/** The key material the server uses: SECRET_KEY, else DATA_DIR/secret.key (never created here). */
export function readSecretKey(config: BackupSettings): string {
  if (config.secretKey) return config.secretKey
  const file = secretKeyFileOf(config.dataDir)
  if (!fs.existsSync(file))
    throw new BackupError(
      'BACKUP_NO_SECRET_KEY',
      `Neither SECRET_KEY nor ${file} exists, so the key that opens the database's sealed secrets is unknown: run the backup with the server's DATA_DIR and SECRET_KEY.`,
    )
  return fs.readFileSync(file, 'utf8').trim()
}

/** Decides what happens to the key before anything is written; undefined: leave the install's key alone. */
export function planSecretKey(config: BackupSettings, material: string): string | undefined {
  if (config.secretKey) {
    if (config.secretKey === material) return undefined
    throw new BackupError(
      'RESTORE_SECRET_KEY_MISMATCH',
      'SECRET_KEY is set to another key than the backup’s, which could not open the restored secrets: unset SECRET_KEY (restore then writes the backup’s key to DATA_DIR/secret.key) or set it to the original value. Nothing was restored.',
    )
  }
  if (material !== material.trim() || material === '')
    throw new BackupError(
      'RESTORE_SECRET_KEY_MISMATCH',
      'The backup’s key cannot be kept in DATA_DIR/secret.key (it has leading or trailing spaces): set SECRET_KEY to the original value. Nothing was restored.',
    )
  const file = secretKeyFileOf(config.dataDir)
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8').trim() === material) return undefined
  return material
}
