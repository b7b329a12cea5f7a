import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'
import { defaultSpecs } from '../index.ts'
import { loadDocument } from '../lib/load.ts'
import { operationsOf, type SpecInput } from '../lib/render.ts'
import { type CodeSample, codeSamples } from '../lib/samples/index.ts'
import { sampleRequest } from '../lib/samples/request.ts'
import type { SchemaContext } from '../lib/schema.ts'
import type { SecurityScheme } from '../lib/types.ts'
import { repoRoot } from './helpers.ts'

/**
 * Every generated sample of the three contracts parses in its language (where the runtime is on
 * the machine). curl and fetch samples are also run against a live server in e2e/reference.
 */

interface Generated {
  id: string
  samples: CodeSample[]
}

let generated: Generated[] = []
let dir: string

function has(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'fsr-samples-'))
  for (const spec of defaultSpecs) {
    const doc = await loadDocument(path.join(repoRoot, spec.file))
    const input: SpecInput = { specId: spec.id, route: spec.route, doc }
    const ctx: SchemaContext = {
      doc,
      ids: { used: new Set() } as never,
      links: new Set(),
      schemaHref: (name) => `#schema/${name}`,
    }
    const schemes = Object.fromEntries(Object.entries(doc.components?.securitySchemes ?? {})) as Record<
      string,
      SecurityScheme
    >
    for (const op of operationsOf(input)) {
      const servers = op.operation.servers ?? op.pathItem.servers ?? doc.servers
      const request = sampleRequest({
        specId: spec.id,
        operationId: op.operationId,
        method: op.method,
        path: op.path,
        operation: op.operation,
        pathParameters: op.pathItem.parameters ?? [],
        server: servers?.[0],
        security: op.operation.security ?? doc.security,
        schemes,
        ctx,
      })
      generated.push({ id: op.operationId, samples: codeSamples(request) })
    }
  }
})

function write(
  language: string,
  extension: string,
  transform: (code: string, id: string) => string = (code) => code,
): string[] {
  const out = path.join(dir, language)
  mkdirSync(out, { recursive: true })
  return generated.map(({ id, samples }) => {
    const sample = samples.find((item) => item.language === language)
    const file = path.join(out, `${id}.${extension}`)
    writeFileSync(file, transform(sample?.code ?? '', id))
    return file
  })
}

describe('generated samples parse', () => {
  it('were generated for every operation', () => {
    expect(generated.length).toBeGreaterThanOrEqual(50)
    generated = generated.filter((item) => item.samples.length === 8)
    expect(generated.length).toBeGreaterThanOrEqual(50)
  })

  it('JavaScript and TypeScript', () => {
    for (const { id, samples } of generated) {
      for (const language of ['javascript', 'typescript']) {
        const code = samples.find((sample) => sample.language === language)?.code ?? ''
        const result = ts.transpileModule(code, {
          reportDiagnostics: true,
          compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
        })
        expect(
          result.diagnostics?.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
          `${language} ${id}`,
        ).toEqual([])
      }
    }
  })

  const sdkTypes = path.join(repoRoot, 'packages/sdk/dist/index.d.ts')
  it.runIf(existsSync(sdkTypes))(
    'TypeScript SDK samples type-check against @fanshelf/sdk',
    () => {
      // Inside the repository (.tmp/ is git-ignored) so that `@fanshelf/sdk` resolves.
      const out = path.join(repoRoot, '.tmp', `fsr-sdk-samples-${process.pid}`)
      mkdirSync(out, { recursive: true })
      try {
        const files = generated.map(({ id, samples }) => {
          const file = path.join(out, `${id}.ts`)
          writeFileSync(file, samples.find((sample) => sample.language === 'typescript')?.code ?? '')
          return file
        })
        const program = ts.createProgram(files, {
          module: ts.ModuleKind.ESNext,
          moduleResolution: ts.ModuleResolutionKind.Bundler,
          target: ts.ScriptTarget.ES2022,
          lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
          types: ['node'],
          typeRoots: [path.join(repoRoot, 'node_modules/@types')],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
        })
        const diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
          const where = diagnostic.file ? path.basename(diagnostic.file.fileName) : ''
          return `${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`
        })
        expect(diagnostics).toEqual([])
      } finally {
        rmSync(out, { recursive: true, force: true })
      }
    },
    120_000,
  )

  it.runIf(has('bash'))('curl (bash -n)', () => {
    for (const file of write('curl', 'sh')) execFileSync('bash', ['-n', file])
  })

  it.runIf(has('python3'))('Python', () => {
    const files = write('python', 'py')
    execFileSync('python3', ['-m', 'py_compile', ...files])
  })

  it.runIf(has('gofmt'))('Go (gofmt -e)', () => {
    write('go', 'go', (code) => `${code}\n`)
    const result = spawnSync('gofmt', ['-e', '-l', path.join(dir, 'go')], { encoding: 'utf8' })
    expect(result.stderr).toBe('')
    expect(result.stdout, 'gofmt would reformat these').toBe('')
  })

  it.runIf(has('php'))('PHP (php -l)', () => {
    for (const file of write('php', 'php')) execFileSync('php', ['-l', file], { stdio: 'pipe' })
  })

  it.runIf(has('ruby'))('Ruby (ruby -c)', () => {
    for (const file of write('ruby', 'rb')) execFileSync('ruby', ['-c', file], { stdio: 'pipe' })
  })

  it.runIf(has('javac'))(
    'Java (javac)',
    () => {
      const files = write('java', 'java')
      const renamed = files.map((file) => {
        const name = `Example_${path.basename(file, '.java')}`
        const target = path.join(path.dirname(file), `${name}.java`)
        writeFileSync(
          target,
          execFileSync('cat', [file], { encoding: 'utf8' }).replace('public class Example {', `public class ${name} {`),
        )
        return target
      })
      execFileSync('javac', ['-d', path.join(dir, 'java-classes'), ...renamed], { stdio: 'pipe' })
    },
    120_000,
  )
})
