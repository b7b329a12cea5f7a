/**
 * Writes apps/api/src/http/generated/contract-bundle.json: the contracts bundled and dereferenced
 * as the server uses them, so it need not load Redocly at boot (decision 0042). Part of
 * `npm run generate:contract`; `--check` (part of `npm run check:contract`) fails when the
 * committed file differs from a fresh bundle.
 *
 *   tsx scripts/bundle-contracts.ts            write the file
 *   tsx scripts/bundle-contracts.ts --check    fail if it is out of date with the YAML
 */
import fs from 'node:fs'
import path from 'node:path'
import { contractBundleFile, formatContractBundle, makeContractBundle } from '../apps/api/src/http/contract-bundle.js'

const text = formatContractBundle(await makeContractBundle())
const relative = path.relative(process.cwd(), contractBundleFile)

if (process.argv.includes('--check')) {
  const committed = fs.existsSync(contractBundleFile) ? fs.readFileSync(contractBundleFile, 'utf8') : ''
  if (committed !== text) {
    console.error(
      `${relative} is out of date with its sources.\nRun \`npm run generate:contract\` and commit the result.`,
    )
    process.exitCode = 1
  } else {
    console.log(`${relative} matches its sources.`)
  }
} else {
  fs.mkdirSync(path.dirname(contractBundleFile), { recursive: true })
  fs.writeFileSync(contractBundleFile, text)
  console.log(`Wrote ${relative}`)
}
