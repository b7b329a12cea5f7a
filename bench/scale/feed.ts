import http from 'node:http'
import { feedPath } from '../../apps/api/src/modules/feed/feed.routes.js'
import type { BenchRow } from '../report.js'
import { log, median } from './measure.js'
import type { ShopUnderTest } from './paged-reads.js'

const MB = 2 ** 20

interface FeedRun {
  ttfbMs: number
  totalMs: number
  bytes: number
  items: number
  /** Peak RSS above its level just before the request. */
  rssGrowth: number
  /** Peak live heap (sampled right after a forced full GC) above its level before the request. */
  liveHeapGrowth: number
}

/**
 * Streams the feed of the shop at `host` through a real socket, discarding each chunk as it comes
 * (so the client holds no document). With `sampleMemory`, every 20 ms a full GC is forced (node
 * --expose-gc) and the live heap and RSS are read: what the server keeps alive while streaming, not
 * garbage awaiting collection. A feed built in memory would show at least the document's size.
 */
async function streamFeed(port: number, host: string, sampleMemory: boolean): Promise<FeedRun> {
  const gc = (globalThis as { gc?: () => void }).gc
  if (sampleMemory && !gc) throw new Error('Run with node --expose-gc to sample the feed memory')
  gc?.()
  const before = process.memoryUsage()
  let peakRss = before.rss
  let peakHeap = before.heapUsed
  const sampler = sampleMemory
    ? setInterval(() => {
        gc!()
        const now = process.memoryUsage()
        peakRss = Math.max(peakRss, now.rss)
        peakHeap = Math.max(peakHeap, now.heapUsed)
      }, 20)
    : undefined
  const started = performance.now()
  try {
    return await new Promise<FeedRun>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: feedPath, headers: { host } }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`feed of ${host} answered ${response.statusCode}`))
        let ttfbMs = 0
        let bytes = 0
        let items = 0
        let tail = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          if (bytes === 0) ttfbMs = performance.now() - started
          bytes += Buffer.byteLength(chunk)
          const text = tail + chunk
          items += text.split('<item>').length - 1
          tail = text.slice(-5)
        })
        response.on('end', () =>
          resolve({
            ttfbMs,
            totalMs: performance.now() - started,
            bytes,
            items,
            rssGrowth: peakRss - before.rss,
            liveHeapGrowth: peakHeap - before.heapUsed,
          }),
        )
        response.on('error', reject)
      })
      request.on('error', reject)
    })
  } finally {
    clearInterval(sampler)
  }
}

/**
 * The product feed of both shops: three timed downloads per shop, one at a time, then one with
 * memory sampling. Rows: the large shop's download against the demo shop's, and its peak live heap
 * growth (target: flat).
 */
export async function measureFeeds(port: number, shops: ShopUnderTest[], engine: string): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  // The product feed: three timed downloads per shop, one at a time, then one with memory sampling.
  const feedRuns = new Map<string, { timed: FeedRun[]; memory: FeedRun }>()
  for (const shop of shops) {
    await streamFeed(port, shop.domain, false)
    const timed: FeedRun[] = []
    for (let i = 0; i < 3; i++) timed.push(await streamFeed(port, shop.domain, false))
    feedRuns.set(shop.label, { timed, memory: await streamFeed(port, shop.domain, true) })
  }
  const small = feedRuns.get('demo')!
  const large = feedRuns.get('large')!
  const smallTotal = median(small.timed.map((r) => r.totalMs))
  const largeTotal = median(large.timed.map((r) => r.totalMs))
  const smallTtfb = median(small.timed.map((r) => r.ttfbMs))
  const largeTtfb = median(large.timed.map((r) => r.ttfbMs))
  const largeBytes = large.memory.bytes
  const largeItems = large.memory.items
  const smallItems = small.memory.items
  rows.push({
    suite: 'scale',
    name: `feed ${feedPath}: full download, ${largeItems} items (${(largeBytes / MB).toFixed(1)} MB) vs the demo shop's ${smallItems} [${engine}]`,
    value: largeTotal,
    unit: 'ms',
    baseline: smallTotal,
    ratio: largeTotal / smallTotal,
    ratioStyle: 'times',
    extra:
      `first byte ${smallTtfb.toFixed(0)}→${largeTtfb.toFixed(0)} ms, ` +
      `${((smallItems / smallTotal) * 1000).toFixed(0)}→${((largeItems / largeTotal) * 1000).toFixed(0)} items/s`,
  })
  // Flat: what streaming keeps alive is a page of rows and a small buffer, not a share of the document.
  const flatShare = 0.1
  const growth = large.memory.liveHeapGrowth
  rows.push({
    suite: 'scale',
    name: `feed: peak live heap growth while streaming the large shop's feed [${engine}]`,
    value: growth / MB,
    unit: 'MB',
    baseline: largeBytes / MB,
    ratio: growth / largeBytes,
    target: `< ${flatShare * 100}% of the document (flat)`,
    met: growth < largeBytes * flatShare,
    extra:
      `baseline = the document's size; peak RSS growth ${(large.memory.rssGrowth / MB).toFixed(1)} MB; ` +
      `demo shop's feed (${(small.memory.bytes / 1024).toFixed(0)} KB): live heap +${(small.memory.liveHeapGrowth / MB).toFixed(1)} MB`,
  })
  log(
    `  feed: ${rows[rows.length - 2]!.extra}; live heap +${(growth / MB).toFixed(1)} MB, RSS +${(large.memory.rssGrowth / MB).toFixed(1)} MB`,
  )
  return rows
}
