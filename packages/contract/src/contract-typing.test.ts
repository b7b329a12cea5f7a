import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { parseDocument } from 'yaml'

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const repoDir = path.resolve(packageDir, '../..')
const handlerFile = path.join(repoDir, 'apps/api/src/modules/orders/orders.routes.ts')

/** The package's sources beside the generated ones, copied into each scratch package. */
const handWritten = ['index.ts', 'error-codes.ts']

/** Copies them into a scratch package (an ES module package, as the real one is). */
function copyHandWritten(scratchPackage: string): void {
  fs.writeFileSync(path.join(scratchPackage, 'package.json'), JSON.stringify({ type: 'module' }))
  for (const file of handWritten) {
    fs.copyFileSync(path.join(packageDir, 'src', file), path.join(scratchPackage, 'src', file))
  }
}

/**
 * The acceptance of issue 19 on a scratch copy: rename a response field of the contract (or of the
 * admin backend's admin-api.yaml), regenerate the contract types, and the code that answers it (and
 * the admin SPA that reads it) no longer compiles. The repository's own files are compiled, with
 * `@fanshelf/contract` pointed at the scratch types.
 */
describe('the server is typed from the contract', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-contract-typing-'))
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }))

  it('a response field renamed in open-api.yaml is a type error at the handler that fills it', () => {
    const contracts = path.join(scratch, 'openapi')
    fs.mkdirSync(contracts)
    for (const name of ['open-api.yaml', 'open-api-beta.yaml', 'storefront-api.yaml'])
      fs.copyFileSync(path.join(repoDir, 'openapi', name), path.join(contracts, name))

    // Order.checkoutId (required, filled by orders.mapper.ts and answered by getOrder) → checkoutRef.
    const file = path.join(contracts, 'open-api.yaml')
    const document = parseDocument(fs.readFileSync(file, 'utf8'))
    const order = ['components', 'schemas', 'Order']
    const property = document.getIn([...order, 'properties', 'checkoutId'])
    expect(property).toBeDefined()
    document.setIn([...order, 'properties', 'checkoutRef'], property)
    document.deleteIn([...order, 'properties', 'checkoutId'])
    const required = document.getIn([...order, 'required']) as { items: { value: string }[] }
    for (const item of required.items) if (item.value === 'checkoutId') item.value = 'checkoutRef'
    fs.writeFileSync(file, document.toString())

    const generated = path.join(scratch, 'contract/src/generated')
    const generate = spawnSync(
      process.execPath,
      [path.join(packageDir, 'scripts/generate.mjs'), '--contracts', contracts, '--out', generated],
      { cwd: repoDir, encoding: 'utf8' },
    )
    expect(generate.stderr).toBe('')
    expect(generate.status).toBe(0)
    expect(fs.readFileSync(path.join(generated, 'open-api.ts'), 'utf8')).toContain('checkoutRef')
    copyHandWritten(path.join(scratch, 'contract'))

    const tsconfig = path.join(scratch, 'tsconfig.json')
    fs.writeFileSync(
      tsconfig,
      JSON.stringify({
        extends: path.join(repoDir, 'tsconfig.base.json'),
        compilerOptions: {
          noEmit: true,
          typeRoots: [path.join(repoDir, 'node_modules/@types')],
          paths: { '@fanshelf/contract': [path.join(scratch, 'contract/src/index.ts')] },
        },
        files: [handlerFile],
      }),
    )
    const tsc = spawnSync(process.execPath, [path.join(repoDir, 'node_modules/typescript/bin/tsc'), '-p', tsconfig], {
      cwd: repoDir,
      encoding: 'utf8',
    })
    const errors = tsc.stdout.split('\n').filter((line) => /error TS\d+/.test(line))
    expect(tsc.status).not.toBe(0)
    // Every error is at the handlers that answer an Order, and names the renamed field.
    expect(errors.length).toBeGreaterThan(0)
    for (const error of errors) expect(error).toMatch(/^apps\/api\/src\/modules\/orders\/orders\.routes\.ts\(/)
    expect(tsc.stdout).toContain('checkoutRef')
  }, 240_000)

  it('a response field renamed in admin-api.yaml is a type error at the server mapper and in the admin SPA', () => {
    // AdminSession.csrfToken (filled by admin-sessions.mapper.ts, read by the SPA's session.ts) → csrfKey.
    // The scratch copy's `$ref`s into openapi/ are made absolute, as it no longer sits beside them.
    const adminSource = path.join(repoDir, 'apps/api/src/modules/admin/admin-api.yaml')
    const text = fs.readFileSync(adminSource, 'utf8').replaceAll("'../../../../../openapi/", `'${repoDir}/openapi/`)
    const document = parseDocument(text)
    const session = ['components', 'schemas', 'AdminSession']
    const property = document.getIn([...session, 'properties', 'csrfToken'])
    expect(property).toBeDefined()
    document.setIn([...session, 'properties', 'csrfKey'], property)
    document.deleteIn([...session, 'properties', 'csrfToken'])
    const required = document.getIn([...session, 'required']) as { items: { value: string }[] }
    for (const item of required.items) if (item.value === 'csrfToken') item.value = 'csrfKey'
    const admin = path.join(scratch, 'admin-api.yaml')
    fs.writeFileSync(admin, document.toString())

    const generated = path.join(scratch, 'admin-contract/src/generated')
    const generate = spawnSync(
      process.execPath,
      [path.join(packageDir, 'scripts/generate.mjs'), '--admin', admin, '--out', generated],
      { cwd: repoDir, encoding: 'utf8' },
    )
    expect(generate.stderr).toBe('')
    expect(generate.status).toBe(0)
    expect(fs.readFileSync(path.join(generated, 'admin-api.ts'), 'utf8')).toContain('csrfKey')
    const index = path.join(scratch, 'admin-contract/src/index.ts')
    copyHandWritten(path.join(scratch, 'admin-contract'))

    const compile = (name: string, config: object) => {
      const tsconfig = path.join(scratch, name)
      fs.writeFileSync(tsconfig, JSON.stringify(config))
      const tsc = spawnSync(process.execPath, [path.join(repoDir, 'node_modules/typescript/bin/tsc'), '-p', tsconfig], {
        cwd: repoDir,
        encoding: 'utf8',
      })
      expect(tsc.status).not.toBe(0)
      return tsc.stdout.split('\n').filter((line) => /error TS\d+/.test(line))
    }
    const server = compile('tsconfig.admin-server.json', {
      extends: path.join(repoDir, 'tsconfig.base.json'),
      compilerOptions: {
        noEmit: true,
        typeRoots: [path.join(repoDir, 'node_modules/@types')],
        paths: { '@fanshelf/contract': [index] },
      },
      files: [path.join(repoDir, 'apps/api/src/modules/admin-sessions/admin-sessions.mapper.ts')],
    })
    expect(server.length).toBeGreaterThan(0)
    for (const error of server) {
      expect(error).toMatch(/^apps\/api\/src\/modules\/admin-sessions\/admin-sessions\.mapper\.ts\(.*csrf/)
    }
    const spa = compile('tsconfig.admin-spa.json', {
      extends: path.join(repoDir, 'apps/admin/tsconfig.json'),
      compilerOptions: {
        paths: {
          '@fanshelf/sdk': [path.join(repoDir, 'packages/sdk/src/index.ts')],
          '@fanshelf/contract': [index],
        },
      },
      include: [],
      files: [path.join(repoDir, 'apps/admin/src/api/session.ts')],
    })
    expect(spa.length).toBeGreaterThan(0)
    for (const error of spa) expect(error).toMatch(/^apps\/admin\/src\/api\/session\.ts\(.*csrfToken/)
  }, 240_000)
})
