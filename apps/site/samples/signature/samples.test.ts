import { execFileSync, spawnSync } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Runs every signature-verification sample the guide shows against deliveries signed here with
 * node:crypto, exactly as the server signs them: valid deliveries are accepted; tampered bodies, wrong
 * secrets, stale timestamps and missing headers are rejected. Samples whose runtime is not installed
 * are still parsed with their language's tree-sitter grammar.
 */

const here = path.dirname(fileURLToPath(import.meta.url))
const harness = path.join(here, 'harness')
const repoRoot = path.resolve(here, '../../../..')
const work = mkdtempSync(path.join(tmpdir(), 'fanshelf-signature-'))

// The server's shop secrets have the Standard Webhooks form: whsec_ + base64 of random bytes.
const secret = 'whsec_q3J0bS9GaWtlK3NlY3JldCtrZXkrMjQ='
const standardKey = Buffer.from(secret.slice('whsec_'.length), 'base64')
const eventId = 'weve_Q4uS7wY0aC3eG6iK9mO2qA'
const now = 1_795_000_000
const body = Buffer.from(
  JSON.stringify({
    testMode: false,
    id: eventId,
    webhookId: 'wcon_Zx9cV4bN7mQ2wE5rT8yU1i',
    shopId: 'sh_6b0e6f3a-2f4c-4a8e-9d1b-7c5e2a9f4d10',
    type: 'NEWSLETTER_SUBSCRIBED',
    apiVersion: 'V1',
    createdAt: '2026-11-20T14:32:07.731Z',
    data: { email: 'zoë.ñandú@example.com' },
  }),
  'utf8',
)

function hmacBase64(key: Buffer | string, content: Buffer): string {
  return createHmac('sha256', key).update(content).digest('base64')
}

function standardSignature(id: string, timestamp: number, content: Buffer): string {
  return `v1,${hmacBase64(standardKey, Buffer.concat([Buffer.from(`${id}.${timestamp}.`), content]))}`
}

interface Delivery {
  body: Buffer
  hmacHeader: string
  secret: string
  id: string
  timestamp: string
  signature: string
  webhookSecret: string
  now: number
}

const valid: Delivery = {
  body,
  hmacHeader: hmacBase64(secret, body),
  secret,
  id: eventId,
  timestamp: String(now - 2),
  signature: standardSignature(eventId, now - 2, body),
  webhookSecret: secret,
  now,
}

const appKey = 'hk_Bq7Lm2Xc9Vn4Zr1Tw6Ys3Pd8'

const tamperedBody = Buffer.from(body.toString('utf8').replace('NEWSLETTER_SUBSCRIBED', 'ORDER_PLACED'), 'utf8')

const cases: Array<{ name: string; delivery: Delivery; expected: { hmac: string; standard: string } }> = [
  { name: 'accepts a genuine delivery', delivery: valid, expected: { hmac: 'valid', standard: 'valid' } },
  {
    name: 'rejects a tampered body',
    delivery: { ...valid, body: tamperedBody },
    expected: { hmac: 'invalid', standard: 'invalid' },
  },
  {
    name: 'rejects a delivery signed with another secret',
    delivery: {
      ...valid,
      secret: 'another-secret',
      webhookSecret: `whsec_${Buffer.from('another').toString('base64')}`,
    },
    expected: { hmac: 'invalid', standard: 'invalid' },
  },
  {
    name: 'rejects a timestamp older than five minutes',
    delivery: { ...valid, now: now + 299 },
    expected: { hmac: 'valid', standard: 'invalid' },
  },
  {
    name: 'accepts any matching signature while a secret is rotated',
    delivery: { ...valid, signature: `v1,${Buffer.alloc(32).toString('base64')} ${valid.signature}` },
    expected: { hmac: 'valid', standard: 'valid' },
  },
  {
    name: 'uses a key without the whsec_ prefix (an app HMAC key) as its UTF-8 bytes in both schemes',
    delivery: {
      ...valid,
      secret: appKey,
      hmacHeader: hmacBase64(appKey, body),
      webhookSecret: appKey,
      signature: `v1,${hmacBase64(Buffer.from(appKey, 'utf8'), Buffer.concat([Buffer.from(`${eventId}.${now - 2}.`), body]))}`,
    },
    expected: { hmac: 'valid', standard: 'valid' },
  },
  {
    name: 'rejects missing headers',
    delivery: { ...valid, hmacHeader: '', signature: '' },
    expected: { hmac: 'invalid', standard: 'invalid' },
  },
]

function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0
}

interface Runtime {
  language: string
  sample: string
  grammar: string
  available: () => boolean
  /** Compiles what needs compiling once; returns the command that runs the harness. */
  prepare: () => string[]
}

const runtimes: Runtime[] = [
  {
    language: 'javascript',
    sample: 'verify.ts',
    grammar: 'typescript',
    available: () => true,
    prepare: () => [path.join(repoRoot, 'node_modules/.bin/tsx'), path.join(harness, 'harness.ts')],
  },
  {
    language: 'python',
    sample: 'verify.py',
    grammar: 'python',
    available: () => commandExists('python3'),
    prepare: () => ['python3', path.join(harness, 'harness.py')],
  },
  {
    language: 'go',
    sample: 'verify.go',
    grammar: 'go',
    available: () => commandExists('go'),
    prepare: () => {
      const module = path.join(work, 'go')
      mkdirSync(path.join(module, 'webhooks'), { recursive: true })
      writeFileSync(path.join(module, 'go.mod'), 'module fanshelf.dev/samples\n\ngo 1.19\n')
      copyFileSync(path.join(here, 'verify.go'), path.join(module, 'webhooks/verify.go'))
      copyFileSync(path.join(harness, 'harness.go'), path.join(module, 'main.go'))
      const binary = path.join(module, 'harness')
      execFileSync('go', ['build', '-o', binary, '.'], {
        cwd: module,
        env: { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off', GOCACHE: path.join(work, 'go-cache') },
      })
      return [binary]
    },
  },
  {
    language: 'php',
    sample: 'verify.php',
    grammar: 'php',
    available: () => commandExists('php'),
    prepare: () => ['php', path.join(harness, 'harness.php')],
  },
  {
    language: 'ruby',
    sample: 'verify.rb',
    grammar: 'ruby',
    available: () => commandExists('ruby'),
    prepare: () => ['ruby', path.join(harness, 'harness.rb')],
  },
  {
    language: 'java',
    sample: 'WebhookVerifier.java',
    grammar: 'java',
    available: () => commandExists('javac') && commandExists('java'),
    prepare: () => {
      const classes = path.join(work, 'java')
      execFileSync('javac', [
        '-d',
        classes,
        path.join(here, 'WebhookVerifier.java'),
        path.join(harness, 'Harness.java'),
      ])
      return ['java', '-cp', classes, 'Harness']
    },
  },
  {
    language: 'csharp',
    sample: 'WebhookVerifier.cs',
    grammar: 'c-sharp',
    available: () => commandExists('mcs') && commandExists('mono'),
    prepare: () => {
      const assembly = path.join(work, 'harness.exe')
      execFileSync('mcs', [`-out:${assembly}`, path.join(here, 'WebhookVerifier.cs'), path.join(harness, 'Harness.cs')])
      return ['mono', assembly]
    },
  },
]

function run(command: string[], delivery: Delivery): { hmac: string; standard: string } {
  const bodyFile = path.join(work, `body-${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(bodyFile, delivery.body)
  const [executable, ...args] = command
  const output = execFileSync(executable ?? '', args, {
    encoding: 'utf8',
    env: {
      ...process.env,
      SAMPLE_BODY_FILE: bodyFile,
      SAMPLE_HMAC_HEADER: delivery.hmacHeader,
      SAMPLE_SECRET: delivery.secret,
      SAMPLE_WEBHOOK_ID: delivery.id,
      SAMPLE_WEBHOOK_TIMESTAMP: delivery.timestamp,
      SAMPLE_WEBHOOK_SIGNATURE: delivery.signature,
      SAMPLE_WEBHOOK_SECRET: delivery.webhookSecret,
      SAMPLE_NOW: String(delivery.now),
    },
  })
  const verdicts = Object.fromEntries(
    output
      .trim()
      .split('\n')
      .map((line) => line.trim().split('=')),
  )
  return { hmac: verdicts.hmac, standard: verdicts.standard }
}

afterAll(() => {
  rmSync(work, { recursive: true, force: true })
})

describe('signature samples against signed deliveries', () => {
  for (const runtime of runtimes) {
    // A missing runtime skips its language on a developer's machine only: CI installs every runtime
    // (scripts/system-deps.sh sample-runtimes, run by npm run test:site) and fails if one is missing.
    describe.skipIf(!runtime.available() && !process.env.CI)(`${runtime.language} (${runtime.sample})`, () => {
      let command: string[] = []
      beforeAll(() => {
        command = runtime.prepare()
      }, 120_000)
      for (const { name, delivery, expected } of cases) {
        it(name, () => {
          expect(run(command, delivery)).toEqual(expected)
        })
      }
    })
  }
})

describe('signature samples parse with their language grammar', () => {
  const require = createRequire(import.meta.url)
  const grammars = path.join(path.dirname(require.resolve('@vscode/tree-sitter-wasm')))
  const treeSitter = require('@vscode/tree-sitter-wasm') as typeof import('@vscode/tree-sitter-wasm')

  beforeAll(async () => {
    await treeSitter.Parser.init()
  })

  for (const runtime of runtimes) {
    it(`${runtime.sample} has no syntax error`, async () => {
      const language = await treeSitter.Language.load(path.join(grammars, `tree-sitter-${runtime.grammar}.wasm`))
      const parser = new treeSitter.Parser()
      parser.setLanguage(language)
      const tree = parser.parse(readFileSync(path.join(here, runtime.sample), 'utf8'))
      expect(tree?.rootNode.hasError).toBe(false)
    })
  }
})
