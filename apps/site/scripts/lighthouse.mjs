#!/usr/bin/env node
// Lighthouse (mobile, default throttling) on the built docs site served by Fanshelf itself (`fanshelf start`, as `npm start` runs it),
// in Debian's Chromium. Prints performance, accessibility, best practices, SEO and the JavaScript
// each page loads, writes bench/results/site-lighthouse.json (with each page's long tasks and script
// boot-up times), and exits non-zero when accessibility, best practices or SEO is below 100 or a
// page's JavaScript exceeds its budget. Performance is reported, not gated: on a 2-core machine
// shared with other work it is too noisy to gate on.
//
// Each page is measured --runs times (5 by default, as Lighthouse's guidance on variability advises)
// and every figure reported is that page's median.
//
//   node apps/site/scripts/lighthouse.mjs [--runs 5] [--no-fail] [/path/ ...]
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startFanshelfServer } from './fanshelf-server.mjs'

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const repoRoot = path.resolve(siteDir, '../..')
const args = process.argv.slice(2)
const defaultRuns = 5
const runsIndex = args.indexOf('--runs')
const runs = runsIndex === -1 ? defaultRuns : Math.max(1, Math.floor(Number(args[runsIndex + 1]))) || defaultRuns
const shouldFail = !args.includes('--no-fail')
const requestedPaths = args.filter((arg) => arg.startsWith('/'))

/** Guide pages measured by default, and the reference pages when the reference plugin built them. */
const guidePages = ['/', '/storefront/getting-started/', '/webhooks/response-retry-policies/']
const referencePages = ['/open-api/', '/open-api-beta/', '/storefront-api/']

/** JavaScript transferred (gzip) on page load. The Docusaurus shell is ~150 KB of it. */
const budgets = { guide: 230 * 1024, reference: 330 * 1024 }
const gatedCategories = ['accessibility', 'best-practices', 'seo']

const chromiumFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

function ensureChromium() {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH
  if (!existsSync('/usr/bin/chromium'))
    execFileSync('bash', [path.join(repoRoot, 'e2e/site/system-deps.sh')], { stdio: 'inherit' })
  return '/usr/bin/chromium'
}

function ensureBuild() {
  if (process.env.SITE_SKIP_BUILD === '1' && existsSync(path.join(siteDir, 'build/index.html'))) return
  execFileSync(path.join(repoRoot, 'node_modules/.bin/docusaurus'), ['build'], { cwd: siteDir, stdio: 'inherit' })
}

function scriptBytes(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? []
  let transfer = 0
  let decoded = 0
  for (const item of items) {
    if (item.resourceType !== 'Script') continue
    transfer += item.transferSize ?? 0
    decoded += item.resourceSize ?? 0
  }
  return { transfer, decoded }
}

const scriptName = (url) => (url.startsWith('http') ? new URL(url).pathname : url)

/** The largest contentful paint's element as Lighthouse names it (its HTML, shortened). */
function lcpElement(lhr) {
  const table = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]
  return table?.items?.[0]?.node?.snippet
}

function countBy(values) {
  const counts = {}
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1
  return counts
}

/**
 * Where the main thread went (the run's own audits): the long tasks and the scripts' boot-up time,
 * largest first, so a TBT regression names the code behind it.
 */
function mainThread(lhr) {
  const longTasks = (lhr.audits['long-tasks']?.details?.items ?? []).map((item) => ({
    url: scriptName(item.url),
    startTime: Math.round(item.startTime),
    duration: Math.round(item.duration),
  }))
  const bootup = (lhr.audits['bootup-time']?.details?.items ?? []).slice(0, 5).map((item) => ({
    url: scriptName(item.url),
    total: Math.round(item.total),
    scripting: Math.round(item.scripting),
  }))
  const work = (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((item) => ({
    group: item.groupLabel ?? item.group,
    duration: Math.round(item.duration),
  }))
  return { longTasks, bootup, work }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

/** The peak resident set (VmHWM, MB) of a Linux process; undefined where /proc is not there. */
function peakRssMb(pid) {
  try {
    const kb = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb === undefined ? undefined : Number(kb) / 1024
  } catch {
    return undefined
  }
}

async function main() {
  let serverPeakRssMb
  const chromePath = ensureChromium()
  ensureBuild()
  const server = await startFanshelfServer({
    siteDir: path.join(siteDir, 'build'),
    port: Number(process.env.LIGHTHOUSE_PORT ?? 4011),
  })
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'lighthouse-profile-'))
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: chromiumFlags, userDataDir })
  const results = []
  try {
    let pages = requestedPaths.length > 0 ? requestedPaths : [...guidePages]
    if (requestedPaths.length === 0) {
      for (const page of referencePages) {
        const response = await fetch(`${server.url}${page}`)
        if (response.status === 200) pages.push(page)
      }
    }
    pages = [...new Set(pages)]
    for (const page of pages) {
      const kind = referencePages.includes(page) ? 'reference' : 'guide'
      const samples = []
      for (let run = 0; run < runs; run += 1) {
        const { lhr } = await lighthouse(`${server.url}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        })
        const failedAudits = Object.values(lhr.audits)
          .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
          .map((audit) => audit.id)
        samples.push({
          scores: Object.fromEntries(
            Object.entries(lhr.categories).map(([id, category]) => [id, Math.round((category.score ?? 0) * 100)]),
          ),
          js: scriptBytes(lhr),
          metrics: {
            fcp: lhr.audits['first-contentful-paint']?.numericValue,
            lcp: lhr.audits['largest-contentful-paint']?.numericValue,
            tbt: lhr.audits['total-blocking-time']?.numericValue,
            cls: lhr.audits['cumulative-layout-shift']?.numericValue,
          },
          failedAudits,
          mainThread: mainThread(lhr),
          lcpElement: lcpElement(lhr),
        })
      }
      const pick = (get) => median(samples.map(get))
      results.push({
        page,
        kind,
        scores: Object.fromEntries(
          ['performance', 'accessibility', 'best-practices', 'seo'].map((id) => [
            id,
            pick((sample) => sample.scores[id]),
          ]),
        ),
        js: { transfer: pick((sample) => sample.js.transfer), decoded: pick((sample) => sample.js.decoded) },
        budget: budgets[kind],
        metrics: Object.fromEntries(
          ['fcp', 'lcp', 'tbt', 'cls'].map((id) => [id, pick((sample) => sample.metrics[id] ?? 0)]),
        ),
        failedAudits: [...new Set(samples.flatMap((sample) => sample.failedAudits))],
        // Which element was the largest paint, and how often (it can change from run to run).
        lcpElements: countBy(samples.map((sample) => sample.lcpElement ?? 'none')),
        // The run whose TBT is the median one.
        mainThread: samples.find((sample) => (sample.metrics.tbt ?? 0) === pick((s) => s.metrics.tbt ?? 0))?.mainThread,
      })
    }
  } finally {
    serverPeakRssMb = peakRssMb(server.pid)
    await chrome.kill()
    await server.close()
    rmSync(userDataDir, { recursive: true, force: true })
  }

  const header = ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'JS gzip', 'JS decoded', 'budget', 'LCP', 'TBT', 'CLS']
  const rows = results.map((result) => [
    result.page,
    result.scores.performance,
    result.scores.accessibility,
    result.scores['best-practices'],
    result.scores.seo,
    kb(result.js.transfer),
    kb(result.js.decoded),
    kb(result.budget),
    `${Math.round(result.metrics.lcp)} ms`,
    `${Math.round(result.metrics.tbt)} ms`,
    result.metrics.cls.toFixed(3),
  ])
  const widths = header.map((title, index) => Math.max(title.length, ...rows.map((row) => String(row[index]).length)))
  const line = (cells) => `| ${cells.map((cell, index) => String(cell).padEnd(widths[index])).join(' | ')} |`
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(', ')
  console.log(
    `\nLighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}— mobile, simulated throttling; load average ${load}`,
  )
  console.log(line(header))
  console.log(line(widths.map((width) => '-'.repeat(width))))
  for (const row of rows) console.log(line(row))

  const problems = []
  for (const result of results) {
    for (const category of gatedCategories) {
      if (result.scores[category] < 100) problems.push(`${result.page}: ${category} ${result.scores[category]} < 100`)
    }
    if (result.js.transfer > result.budget) {
      problems.push(`${result.page}: ${kb(result.js.transfer)} of JavaScript exceeds the ${kb(result.budget)} budget`)
    }
    if (result.failedAudits.length > 0)
      console.log(`  ${result.page} failing audits: ${result.failedAudits.join(', ')}`)
  }

  const resultsDir = path.join(repoRoot, 'bench/results')
  mkdirSync(resultsDir, { recursive: true })
  writeFileSync(
    path.join(resultsDir, 'site-lighthouse.json'),
    `${JSON.stringify({ runs, results, serverPeakRssMb }, null, 2)}\n`,
  )

  if (problems.length > 0) {
    console.log(`\n${problems.length} budget problem(s):\n- ${problems.join('\n- ')}`)
    if (shouldFail) process.exitCode = 1
  } else {
    console.log('\nAll pages meet accessibility, best practices and SEO = 100 and their JavaScript budgets.')
  }
}

await main()
