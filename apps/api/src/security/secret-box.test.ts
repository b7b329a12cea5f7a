import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SecretBox } from './secret-box.js'

describe('SecretBox', () => {
  it('opens what it sealed, and nodes sharing SECRET_KEY read each other’s secrets whatever their DATA_DIR', () => {
    const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-secret-')))
    try {
      const [a, b] = dirs.map((dataDir) => SecretBox.fromConfig({ secretKey: 'shared', dataDir })) as [
        SecretBox,
        SecretBox,
      ]
      const sealed = a.seal('whsec_example')
      expect(sealed).not.toContain('whsec_example')
      expect(b.open(sealed)).toBe('whsec_example')
      // No key file is created when the key is configured.
      for (const dataDir of dirs) expect(fs.existsSync(path.join(dataDir, 'secret.key'))).toBe(false)

      // Without SECRET_KEY each DATA_DIR has its own key: another node cannot open the secret.
      const [c, d] = dirs.map((dataDir) => SecretBox.fromConfig({ secretKey: undefined, dataDir })) as [
        SecretBox,
        SecretBox,
      ]
      expect(() => d.open(c.seal('whsec_example'))).toThrow()
      expect(SecretBox.fromConfig({ secretKey: undefined, dataDir: dirs[0]! }).open(c.seal('x'))).toBe('x')
    } finally {
      for (const dataDir of dirs) fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
