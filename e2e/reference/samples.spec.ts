import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { demoShop, origin, repoRoot } from './server.ts'

/**
 * The curl, JavaScript (fetch) and TypeScript SDK samples as the server serves the pages, run against
 * it: they name its own origin (decision 0032), and the credentials come from the environment
 * variables the samples name. Reads without path parameters (their example ids do not exist in the
 * demo data) on all three pages.
 */

function decode(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(x?)([0-9a-f]+);/gi, (_, hex: string, code: string) =>
      String.fromCodePoint(Number.parseInt(code, hex ? 16 : 10)),
    )
    .replace(/&amp;/g, '&')
}

interface Sample {
  page: string
  operationId: string
  language: string
  code: string
}

/**
 * The page carries the default language's sample (curl); the others are in the samples file the
 * page names in `data-samples` (decision 0053), served like the page, with this server's origin.
 */
async function samplesOf(route: string): Promise<Sample[]> {
  const response = await fetch(`${origin}/${route}/`)
  expect(response.status).toBe(200)
  const html = await response.text()
  const file = /<div class="?fsr-layout"? data-samples="?([^" >]+)"?/.exec(html)?.[1]
  expect(file, `${route}: data-samples`).toMatch(new RegExp(`^/${route}/samples-[0-9a-f]+\\.json$`))
  const other = await fetch(`${origin}${file}`)
  expect(other.status).toBe(200)
  const samplesFile = (await other.json()) as Record<string, Record<string, string>>
  const out: Sample[] = []
  for (const section of html.split(/<section class="?fsr-op(?: fsr-deprecated)?"? data-op=/).slice(1)) {
    const operationId = /^"?([\w-]+)/.exec(section)?.[1] ?? ''
    const path = /<code class="?fsr-path"?>([^<]+)<\/code>/.exec(section)?.[1] ?? ''
    if (path.includes('{')) continue
    for (const language of ['curl', 'javascript', 'typescript']) {
      const block = language === 'curl' ? section : (samplesFile[operationId]?.[language] ?? '')
      const match = new RegExp(
        `<div class="?fsr-sample"? data-lang="?${language}"?>[\\s\\S]*?<pre class="?fsr-code"?[^>]*><code>([\\s\\S]*?)</code></pre>`,
      ).exec(block)
      if (match?.[1]) out.push({ page: route, operationId, language, code: decode(match[1]) })
    }
  }
  return out
}

test('curl, fetch and SDK samples run against the local server', async () => {
  const shop = demoShop()
  const env = {
    ...process.env,
    // The guides' naming scheme (apps/site/samples/README.md): the server's origin, then credentials.
    FANSHELF_ORIGIN: origin,
    FANSHELF_API_USER: shop.apiUser.username,
    FANSHELF_API_PASSWORD: shop.apiUser.password,
    FANSHELF_STOREFRONT_TOKEN: shop.storefrontToken,
  }
  const samples = (await Promise.all(['open-api', 'open-api-beta', 'storefront-api'].map(samplesOf))).flat()
  const get = samples.filter(
    (sample) =>
      sample.language === 'typescript' ||
      /^curl '|^curl "|^const response = await fetch\('|^const response = await fetch\(`/.test(sample.code),
  )
  expect(get.length).toBeGreaterThan(20)
  const results: string[] = []
  // SDK samples run inside the repository (.tmp/ is git-ignored) so that @fanshelf/sdk resolves.
  const sdkDir = path.join(repoRoot, '.tmp', `reference-sdk-samples-${process.pid}`)
  mkdirSync(sdkDir, { recursive: true })
  for (const sample of get) {
    // Only reads and the idempotent metadata call; writes would change the demo shop.
    if (
      /-X (POST|PUT|DELETE)|method: '(POST|PUT|DELETE)'|await (client|storefront)\.(create|update|delete|set|start|end|finish|send|replay|exchange|revoke|add|change|remove|getOrCreate)/.test(
        sample.code,
      )
    )
      continue
    const code = sample.code
    let output: string
    if (sample.language === 'curl') {
      output = execFileSync('bash', ['-c', `${code} -s -w '\\n%{http_code}'`], { env, encoding: 'utf8' })
    } else if (sample.language === 'javascript') {
      const script = `try {\n${code}\n} catch (error) { console.log(String(error)) }`
      output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' })
    } else {
      const file = path.join(sdkDir, `${sample.page}-${sample.operationId}.ts`)
      const guarded = code
        .replace(/^(const \w+ = )?await /m, (whole) => `try {\n${whole}`)
        .concat('\n} catch (error) { console.log(String(error)) }')
      writeFileSync(file, guarded)
      output = execFileSync(process.execPath, ['--import', 'tsx', file], { env, encoding: 'utf8', cwd: repoRoot })
    }
    results.push(`${sample.page} ${sample.operationId} ${sample.language}: ${output.slice(-200).replace(/\s+/g, ' ')}`)
    // Authenticated and routed: never a credentials error or a malformed request.
    expect(output, `${sample.operationId} (${sample.language})`).not.toMatch(
      /UNAUTHENTICATED|INVALID_TOKEN|STOREFRONT_TOKEN_(MISSING|INVALID)|REQUEST_VALIDATION_FAILED/,
    )
    if (sample.language === 'curl')
      expect(output.trim().split('\n').pop(), `${sample.operationId} status`).toMatch(/^(200|201|404|501)$/)
  }
  rmSync(sdkDir, { recursive: true, force: true })
  expect(results.filter((line) => line.includes(' typescript: ')).length).toBeGreaterThan(10)
  console.log(results.join('\n'))
})
