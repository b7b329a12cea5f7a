import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { checkoutAssets } from './checkout-assets.js'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function distDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-checkout-dist-'))
  dirs.push(dir)
  return dir
}

function write(dir: string, file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
  fs.writeFileSync(path.join(dir, file), text)
}

describe('the checkout build the API serves', () => {
  it('names the manifest entry as the page script and serves it and its imports, gzipped too', () => {
    const dir = distDir()
    write(
      dir,
      '.vite/manifest.json',
      JSON.stringify({
        'src/client.tsx': { file: 'assets/checkout-AbC123.js', isEntry: true, imports: ['_react'] },
        _react: { file: 'assets/react-Xyz789.js' },
      }),
    )
    write(dir, 'assets/checkout-AbC123.js', 'import"./react-Xyz789.js";hydrate()')
    write(dir, 'assets/react-Xyz789.js', 'export const react=1')
    write(dir, 'assets/stray-000.js', 'not in the manifest')
    const assets = checkoutAssets(dir)
    expect(assets.scriptUrl()).toBe('/checkout/assets/checkout-AbC123.js')
    const entry = assets.asset('checkout-AbC123.js')
    expect(entry?.code.toString()).toBe('import"./react-Xyz789.js";hydrate()')
    expect(gunzipSync(entry!.gzipped).toString()).toBe('import"./react-Xyz789.js";hydrate()')
    expect(assets.asset('react-Xyz789.js')?.code.toString()).toBe('export const react=1')
    expect(assets.asset('stray-000.js')).toBeUndefined()
    expect(assets.asset('../.vite/manifest.json')).toBeUndefined()
  })

  it('without a build, gives no script (the pages stay plain forms) until the build appears', () => {
    const dir = distDir()
    const assets = checkoutAssets(dir)
    expect(assets.scriptUrl()).toBeNull()
    expect(assets.asset('checkout-AbC123.js')).toBeNull()
    write(dir, '.vite/manifest.json', JSON.stringify({ 'src/client.tsx': { file: 'assets/checkout-AbC123.js' } }))
    write(dir, 'assets/checkout-AbC123.js', 'hydrate()')
    expect(assets.scriptUrl()).toBe('/checkout/assets/checkout-AbC123.js')
  })

  it('refuses a manifest without the client entry', () => {
    const dir = distDir()
    write(dir, '.vite/manifest.json', JSON.stringify({ 'src/other.tsx': { file: 'assets/other.js' } }))
    expect(() => checkoutAssets(dir).scriptUrl()).toThrow(/no entry for src\/client\.tsx/)
  })
})
