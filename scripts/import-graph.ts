import fs from 'node:fs'
import path from 'node:path'

/**
 * The graph of relative imports between a repository's TypeScript sources (type-only imports
 * included: a circle of types is still a circle a reader must untangle), and its circles.
 */

export type ImportGraph = Map<string, string[]>

const skipped = new Set(['node_modules', 'dist', 'build', 'generated'])

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name) || entry.name.startsWith('.')) return []
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$|\.d\.ts$/.test(entry.name) ? [full] : []
  })
}

/** Every relative `import … from` / `export … from` of the sources under `roots`, resolved to files. */
export function importGraph(roots: string[]): ImportGraph {
  const files = roots.flatMap(sources)
  const known = new Set(files)
  const resolve = (from: string, specifier: string): string | undefined => {
    const base = path.resolve(path.dirname(from), specifier).replace(/\.(js|ts|tsx)$/, '')
    return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((file) => known.has(file))
  }
  return new Map(
    files.map((file) => {
      const text = fs.readFileSync(file, 'utf8')
      const targets = [...text.matchAll(/^(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm)]
        .map((match) => resolve(file, match[1]!))
        .filter((target): target is string => target !== undefined)
      return [file, [...new Set(targets)]]
    }),
  )
}

/** The graph's circles: its strongly connected components of more than one file, or a file importing itself. */
export function importCircles(graph: ImportGraph): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const visit = (file: string): void => {
    index.set(file, counter)
    low.set(file, counter)
    counter += 1
    stack.push(file)
    onStack.add(file)
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file)!, low.get(target)!))
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!))
      }
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    for (;;) {
      const member = stack.pop()!
      onStack.delete(member)
      component.push(member)
      if (member === file) break
    }
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(component.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return circles
}
