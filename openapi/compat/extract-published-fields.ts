// Rewrites published-fields.txt from a copy of the real platform's published OpenAPI document:
//   npx tsx openapi/compat/extract-published-fields.ts path/to/fourthwall-platform-open-api.yaml
// Only field NAMES are kept (no descriptions, no examples): they are the facts a client depends on.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { fieldLines, loadDocument, operationFields } from './field-paths.js'

const source = process.argv[2]
if (!source) {
  console.error('usage: extract-published-fields.ts <published-openapi.yaml>')
  process.exit(2)
}
const lines = fieldLines(operationFields(loadDocument(source)))
const target = fileURLToPath(new URL('published-fields.txt', import.meta.url))
const header = [
  '# Request and response fields of the real platform’s published OpenAPI document (names only),',
  '# one per line: METHOD /path/{} param.<query>|req.<body field>|res.<2xx field>.',
  '# Regenerate with openapi/compat/extract-published-fields.ts; checked by published-fields.test.ts.',
]
writeFileSync(target, `${[...header, ...lines].join('\n')}\n`)
console.log(`${lines.length} fields written to ${target}`)
