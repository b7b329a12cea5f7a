#!/usr/bin/env node
// Serves the built docs site the way `npm start` serves it: trailing-slash routes, `index.html`
// trimmed, the not-found page with status 404, gzip, long-lived caching of hashed assets, and the
// Markdown twin of a page for `Accept: text/markdown`. Used by the browser tests and Lighthouse.
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createGzip } from 'node:zlib'

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.woff2': 'font/woff2',
}
const compressible = /^(text\/|application\/(json|xml|yaml)|image\/svg)/

async function fileAt(file) {
  try {
    const info = await stat(file)
    return info.isFile() ? info : undefined
  } catch {
    return undefined
  }
}

async function isDirectory(dir) {
  try {
    return (await stat(dir)).isDirectory()
  } catch {
    return false
  }
}

function markdownTwin(pathname) {
  const trimmed = pathname.replace(/\/+$/, '')
  return trimmed === '' ? '/index.md' : `${trimmed}.md`
}

/**
 * @param {{ root: string, host?: string, port?: number }} options
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startStaticServer({ root, host = '127.0.0.1', port = 0 }) {
  const base = path.resolve(root)

  async function send(request, response, file, status = 200, vary) {
    const info = await fileAt(file)
    if (!info) return false
    const type = types[path.extname(file)] ?? 'application/octet-stream'
    const headers = { 'Content-Type': type, 'X-Content-Type-Options': 'nosniff' }
    headers['Cache-Control'] = file.includes(`${path.sep}assets${path.sep}`)
      ? 'public, max-age=31536000, immutable'
      : 'no-cache'
    if (vary) headers.Vary = vary
    const gzip = compressible.test(type) && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')
    if (gzip) {
      headers['Content-Encoding'] = 'gzip'
      headers.Vary = headers.Vary ? `${headers.Vary}, Accept-Encoding` : 'Accept-Encoding'
    } else {
      headers['Content-Length'] = info.size
    }
    response.writeHead(status, headers)
    if (request.method === 'HEAD') {
      response.end()
      return true
    }
    const stream = createReadStream(file)
    if (gzip) stream.pipe(createGzip()).pipe(response)
    else stream.pipe(response)
    return true
  }

  const server = createServer(async (request, response) => {
    try {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405, { Allow: 'GET, HEAD' }).end()
        return
      }
      const url = new URL(request.url ?? '/', 'http://localhost')
      let pathname
      try {
        pathname = decodeURIComponent(url.pathname)
      } catch {
        pathname = '/__invalid__'
      }
      const file = path.join(base, pathname)
      if (!file.startsWith(base)) {
        response.writeHead(400).end()
        return
      }
      if (pathname === '/admin/api/demo-credentials') {
        // As a Fanshelf without a seeded demo answers a local browser: nothing to fill in (decision 0032).
        response.writeHead(204, { 'Cache-Control': 'no-store' }).end()
        return
      }
      if (pathname.endsWith('/index.html')) {
        const target = pathname.slice(0, -'index.html'.length)
        response.writeHead(301, { Location: `${target}${url.search}` }).end()
        return
      }
      if (pathname.endsWith('/')) {
        const wantsMarkdown = /\btext\/markdown\b/.test(request.headers.accept ?? '')
        if (wantsMarkdown && (await send(request, response, path.join(base, markdownTwin(pathname)), 200, 'Accept')))
          return
        if (await send(request, response, path.join(file, 'index.html'), 200, 'Accept')) return
      } else if (await isDirectory(file)) {
        response.writeHead(301, { Location: `${pathname}/${url.search}` }).end()
        return
      } else if (await send(request, response, file)) {
        return
      }
      if (!(await send(request, response, path.join(base, '404.html'), 404))) {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found')
      }
    } catch (error) {
      response.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error))
    }
  })

  await new Promise((resolve) => server.listen(port, host, resolve))
  const address = server.address()
  const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}`
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.()
        server.close(() => resolve())
      }),
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2)
  const option = (name, fallback) => {
    const index = args.indexOf(`--${name}`)
    return index >= 0 ? args[index + 1] : fallback
  }
  const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const { url } = await startStaticServer({
    root: option('root', path.join(siteDir, 'build')),
    host: option('host', '127.0.0.1'),
    port: Number(option('port', process.env.PORT ?? 4010)),
  })
  console.log(`Serving the built docs site on ${url}/`)
}
