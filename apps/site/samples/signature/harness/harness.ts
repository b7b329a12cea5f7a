import { readFileSync } from 'node:fs'
import { verifyFanshelfSignature, verifyStandardWebhook } from '../verify.ts'

const env = process.env
const body = readFileSync(env.SAMPLE_BODY_FILE ?? '')
const hmac = verifyFanshelfSignature(body, env.SAMPLE_HMAC_HEADER, env.SAMPLE_SECRET ?? '')
const standard = verifyStandardWebhook(
  body,
  { id: env.SAMPLE_WEBHOOK_ID, timestamp: env.SAMPLE_WEBHOOK_TIMESTAMP, signature: env.SAMPLE_WEBHOOK_SIGNATURE },
  env.SAMPLE_WEBHOOK_SECRET ?? '',
  Number(env.SAMPLE_NOW),
)
process.stdout.write(`hmac=${hmac ? 'valid' : 'invalid'}\nstandard=${standard ? 'valid' : 'invalid'}\n`)
