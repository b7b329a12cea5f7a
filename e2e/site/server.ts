import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))

/** Where the site suite's Fanshelf listens (SITE_TEST_PORT) and the build it serves. */
export const port = Number(process.env.SITE_TEST_PORT ?? 4173)
export const origin = `http://127.0.0.1:${port}`
export const siteDir = path.resolve(here, '../../apps/site/build')
