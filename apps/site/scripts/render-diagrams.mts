// npm run generate:diagrams -w apps/site — renders every Mermaid diagram of the built site to SVG, in
// the light and the dark theme, with Debian's Chromium: static/diagrams/<key>-<mode>.svg and their
// sizes in src/diagrams/diagrams.json (all committed). Run it after a diagram's source changed and the
// site was built; the site e2e suite fails while a diagram has no pre-rendered SVG.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { diagramKey } from '../config/diagram-key.ts'
import { startFanshelfServer } from './fanshelf-server.mjs'

const siteDir = path.resolve(import.meta.dirname, '..')
const buildDir = path.join(siteDir, 'build')
const svgDir = path.join(siteDir, 'static/diagrams')
const sizesFile = path.join(siteDir, 'src/diagrams/diagrams.json')
const themes = { light: 'neutral', dark: 'dark' } as const

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) return htmlFiles(file)
    return name.endsWith('.html') ? [file] : []
  })
}

if (!existsSync(path.join(buildDir, 'index.html'))) {
  execFileSync(path.join(siteDir, '../../node_modules/.bin/docusaurus'), ['build'], { cwd: siteDir, stdio: 'inherit' })
}
const pages = htmlFiles(buildDir)
  .filter((file) => readFileSync(file, 'utf8').includes('fanshelf-diagram'))
  .map((file) => `/${path.relative(buildDir, file).replace(/index\.html$/, '')}`)

// Served by Fanshelf itself, with the build's own origin as its public URL so that the pages (and the
// diagram sources hashed into their keys) are served exactly as built (decision 0032).
const server = await startFanshelfServer({
  siteDir: buildDir,
  port: 4012,
  env: { PUBLIC_URL: 'http://127.0.0.1:4000' },
})
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
try {
  // This tool injects Mermaid into the page to render; the site's CSP rightly forbids inline scripts.
  const page = await browser.newPage({ bypassCSP: true })
  // The diagrams' sources, as the pages carry them.
  const sources = new Set<string>()
  for (const route of pages) {
    await page.goto(server.url + route)
    for (const source of await page.$$eval('.fanshelf-diagram', (nodes) =>
      nodes.map((node) => (node as HTMLElement).dataset.mermaidSource ?? ''),
    )) {
      if (source !== '') sources.add(source)
    }
  }
  await page.setContent('<!doctype html><html><body></body></html>')
  const mermaidFile = createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js')
  await page.addScriptTag({ content: readFileSync(mermaidFile, 'utf8') })
  rmSync(svgDir, { recursive: true, force: true })
  mkdirSync(svgDir, { recursive: true })
  const sizes: Record<string, { width: number; height: number }> = {}
  for (const source of [...sources].sort()) {
    const key = diagramKey(source)
    for (const [mode, theme] of Object.entries(themes) as ['light' | 'dark', string][]) {
      const { xml, width, height } = await page.evaluate(
        async ({ id, text, theme }) => {
          const mermaid = (
            window as unknown as {
              mermaid: { initialize(o: object): void; render(id: string, text: string): Promise<{ svg: string }> }
            }
          ).mermaid
          mermaid.initialize({ startOnLoad: false, theme })
          const { svg } = await mermaid.render(id, text)
          // Mermaid writes HTML (`<br>`, entities) into labels; an SVG file must be XML.
          const element = new DOMParser().parseFromString(svg, 'text/html').querySelector('svg') as SVGSVGElement
          const [, , w = 0, h = 0] = (element.getAttribute('viewBox') ?? '').split(/\s+/).map(Number)
          return { xml: new XMLSerializer().serializeToString(element), width: Math.round(w), height: Math.round(h) }
        },
        { id: `fanshelf-diagram-${key}-${mode}`, text: source, theme },
      )
      writeFileSync(path.join(svgDir, `${key}-${mode}.svg`), `${xml}\n`)
      if (mode === 'light') sizes[key] = { width, height }
    }
  }
  mkdirSync(path.dirname(sizesFile), { recursive: true })
  writeFileSync(sizesFile, `${JSON.stringify(sizes, null, 2)}\n`)
  process.stdout.write(`Rendered ${sources.size} diagrams from ${pages.length} pages into static/diagrams/\n`)
} finally {
  await browser.close()
  await server.close()
}
