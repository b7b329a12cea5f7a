/**
 * Bundles the contracts as the server uses them into node_modules/.cache/fanshelf/contract-bundle.json
 * (decision 0042), so that the next boot need not load Redocly. Part of `npm run generate:contract`;
 * a server also writes the cache itself on its first boot after the contracts changed.
 *
 *   tsx scripts/bundle-contracts.ts
 */
import path from 'node:path'
import { contractBundleFile, makeContractBundle, writeBundle } from '../apps/api/src/http/contract-bundle.js'

const relative = path.relative(process.cwd(), contractBundleFile)
if (writeBundle(contractBundleFile, await makeContractBundle())) console.log(`Wrote ${relative}`)
else {
  console.error(`Could not write ${relative}; a server will bundle the contracts at boot instead.`)
  process.exitCode = 1
}
