import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { installedFile, replacements } from './index.ts'
import replaceExactly from './loader.mjs'

const run = (source: string, from: string, to: string, resourcePath = 'module.js'): string =>
  replaceExactly.call({ getOptions: () => ({ replacements: [{ from, to }] }), resourcePath }, source)

describe('no-collator', () => {
  it('finds each line it replaces exactly once in the installed Docusaurus, and leaves no localeCompare there', () => {
    for (const replacement of replacements) {
      const { from, to } = replacement
      const module = installedFile(replacement)
      const source = readFileSync(module, 'utf8')
      const replaced = run(source, from, to, module)
      expect(replaced).not.toContain(from)
      expect(replaced).toContain(to)
      expect(replaced.match(/localeCompare/g)?.length ?? 0, module).toBe(0)
    }
  })

  it('fails the build, naming the module, when a line is missing or repeated', () => {
    expect(() => run('nothing here', 'a.localeCompare(b)', 'x', 'changed.js')).toThrow(
      /found it 0 times.*changed\.js|changed\.js.*0 times/,
    )
    expect(() => run('f(); f();', 'f();', 'g();')).toThrow(/found it 2 times/)
  })

  it('sorts as the original did: keys consistently, and route paths with every path before its prefixes', () => {
    const [memo, routes] = replacements
    const sortWith = (replacement: typeof memo, entries: unknown[]) => {
      const body = replacement?.to.slice(replacement.to.indexOf('(')) ?? ''
      const comparator = new Function(`return ${body.slice(1, body.lastIndexOf(')'))}`)() as (
        a: unknown,
        b: unknown,
      ) => number
      return [...entries].sort(comparator)
    }
    expect(sortWith(memo, [['subtree'], ['attributes'], ['childList']]).map((entry) => (entry as string[])[0])).toEqual(
      ['attributes', 'childList', 'subtree'],
    )
    const paths = ['/', '/v1.0', '/v1.0/storefront', '/beta']
    const sorted = sortWith(
      routes,
      paths.map((routePath) => [routePath, { path: routePath }]),
    ).map((entry) => (entry as [string, { path: string }])[1].path)
    for (const [index, routePath] of sorted.entries()) {
      for (const later of sorted.slice(index + 1))
        expect(routePath.startsWith(later) || !later.startsWith(routePath)).toBe(true)
    }
    expect(sorted.at(-1)).toBe('/')
  })
})
