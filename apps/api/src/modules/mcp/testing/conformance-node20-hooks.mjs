// A module-resolution hook for running @modelcontextprotocol/conformance on Node 20 (decision 0051):
// its CLI imports `globSync` from `fs` by name, which Node 22 added. The CLI's own modules get an
// `fs` that also exports a `globSync` that throws; the server scenarios never call it (only
// `tier-check` does). Registered with `node --import` by mcp-conformance.test.ts, on Node 20 only.
const shim = [
  "import fs from 'node:fs'",
  "export * from 'node:fs'",
  'export default fs',
  "export function globSync() { throw new Error('fs.globSync needs Node 22 (conformance shim)') }",
].join('\n')

export async function resolve(specifier, context, next) {
  if ((specifier === 'fs' || specifier === 'node:fs') && context.parentURL?.includes('/conformance/dist/')) {
    return { url: `data:text/javascript,${encodeURIComponent(shim)}`, shortCircuit: true }
  }
  return next(specifier, context)
}
