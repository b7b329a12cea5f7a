import fs from 'node:fs'
import path from 'node:path'
import { codeTokenCss } from './prism-themes.ts'

// npm run generate:code-css -w apps/site — rewrites src/css/code-tokens.css from the palettes.
const file = path.resolve(import.meta.dirname, '../src/css/code-tokens.css')
fs.writeFileSync(file, codeTokenCss())
process.stdout.write(`Wrote ${path.relative(process.cwd(), file)}\n`)
