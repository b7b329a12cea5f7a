import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/** STYLE: every exported SDK surface carries TSDoc with an example. */

const entries = ['index.ts', 'webhooks.ts'].map((file) => path.join(path.dirname(fileURLToPath(import.meta.url)), file))

function exportsWithoutExample(): string[] {
  const program = ts.createProgram(entries, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  })
  const checker = program.getTypeChecker()
  const missing: string[] = []
  for (const entry of entries) {
    const source = program.getSourceFile(entry)
    const moduleSymbol = source && checker.getSymbolAtLocation(source)
    if (!moduleSymbol) throw new Error(`Cannot read ${entry}`)
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
      // Namespaces of generated types are documented by their members.
      if (symbol.flags & ts.SymbolFlags.ValueModule) continue
      const hasExample = symbol.getJsDocTags(checker).some((tag) => tag.name === 'example')
      if (!hasExample) missing.push(`${path.basename(entry)}: ${exported.name}`)
    }
  }
  return missing
}

describe('the public surface', () => {
  it('documents every export with an @example', () => {
    expect(exportsWithoutExample()).toEqual([])
  })
})
