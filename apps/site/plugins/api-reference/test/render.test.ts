import { beforeAll, describe, expect, it } from 'vitest'
import { compactTokenClass } from '../../../config/prism-themes.ts'
import { type RenderedPage, sampleServer } from '../lib/render.ts'
import { referenceLanguages } from '../lib/samples/languages.ts'
import { withEverySample } from '../lib/samples-file.ts'
import { danglingHashLinks, renderFixture, section } from './helpers.ts'

let page: RenderedPage
let html: string

beforeAll(async () => {
  page = await renderFixture('shapes.yaml', {
    languageScript: '<script>/*lang*/</script>',
    downloadPath: '/openapi/shapes.yaml',
  })
  html = page.html
})

describe('anchors', () => {
  it('gives every operation, event and schema a stable anchor, registered for the link checker', () => {
    for (const id of ['listPets', 'createPet', 'getPet', 'deletePet', 'getTree']) {
      expect(html).toContain(`<h3 id="operation/${id}">`)
      expect(page.anchors).toContain(`operation/${id}`)
    }
    expect(page.anchors).toContain('event/PET_ADOPTED')
    for (const name of ['Error', 'PetKind', 'PetBase', 'Cat', 'Dog', 'Pet', 'TreeNode', 'PetAdoptedEvent']) {
      expect(page.anchors).toContain(`schema/${name}`)
    }
    expect(page.anchors).toEqual(
      expect.arrayContaining(['tag/pets', 'security/basicAuth', 'header/RequestId', 'response/Unauthorized']),
    )
    expect(new Set(page.anchors).size).toBe(page.anchors.length)
  })

  it('links only to anchors that exist on the page', () => {
    expect(danglingHashLinks(html)).toEqual([])
    for (const link of page.links.filter((href) => href.startsWith('#'))) expect(page.anchors).toContain(link.slice(1))
  })

  it('turns intro headings into anchored, hash-linked headings like Docusaurus does', () => {
    expect(html).toMatch(/<h2 id="authentication">Authentication<a href="#authentication" class="hash-link"/)
    expect(page.anchors).toContain('authentication')
  })
})

describe('markdown', () => {
  it('drops raw HTML and escapes it', () => {
    expect(html).not.toContain('<script>alert(1)</script>')
  })

  it('links inline code that names an operation', () => {
    expect(html).toContain('<a href="#operation/listPets"><code>GET /pets</code></a>')
  })

  it('highlights fenced code and wraps tables for narrow screens', () => {
    expect(html).toContain(
      `<pre class="fsr-code" tabindex="0" data-lang="json"><code>{<span class="${compactTokenClass('token property')}">&quot;ok&quot;</span>: <span class="${compactTokenClass('token boolean')}">true</span>`,
    )
    expect(html).toMatch(/<div class="fsr-tw" tabindex="0"><table>/)
  })
})

describe('schemas', () => {
  it('lists oneOf variants with their discriminator values', () => {
    const pet = section(html, 'schema/Pet')
    expect(pet).toContain('Exactly one of (discriminator <code>petType</code>)')
    expect(pet).toMatch(
      /<a href="#schema\/Cat">Cat<\/a> <span class="fsr-c">when <code>petType<\/code> is <code>cat<\/code><\/span>/,
    )
    expect(pet).toMatch(
      /<a href="#schema\/Dog">Dog<\/a> <span class="fsr-c">when <code>petType<\/code> is <code>dog<\/code><\/span>/,
    )
  })

  it('merges allOf members, their properties and required lists', () => {
    const cat = section(html, 'schema/Cat')
    for (const name of ['petType', 'name', 'nickname', 'tags', 'meows'])
      expect(cat).toContain(`<code class="fsr-pn">${name}</code>`)
    expect(cat).toMatch(
      /<code class="fsr-pn">meows<\/code> <span class="fsr-t">boolean<\/span> <span class="fsr-f fsr-req">required<\/span>/,
    )
    expect(cat).toMatch(
      /<code class="fsr-pn">name<\/code> <span class="fsr-t">string<\/span> <span class="fsr-f fsr-req">required/,
    )
    expect(cat).toContain('always <code>cat</code>')
    expect(cat).toContain('1–40 characters')
  })

  it('renders recursive schemas once, with a lazy in-place expansion instead of infinite nesting', () => {
    const tree = section(html, 'schema/TreeNode')
    expect(tree).toContain('<span class="fsr-t">array of <a href="#schema/TreeNode">TreeNode</a></span>')
    expect(tree).toContain('data-src="schema/TreeNode"')
    expect(tree).toContain(
      '<span class="fsr-t"><a href="#schema/TreeNode">TreeNode</a> | null</span> <span class="fsr-f">nullable</span>',
    )
  })

  it('reads 3.1 nullable types', () => {
    const base = section(html, 'schema/PetBase')
    expect(base).toMatch(
      /<code class="fsr-pn">nickname<\/code> <span class="fsr-t">string \| null<\/span> <span class="fsr-f">nullable<\/span>/,
    )
    const tree = section(html, 'schema/TreeNode')
    expect(tree).toMatch(
      /<code class="fsr-pn">owner<\/code> <span class="fsr-t">object \| null<\/span> <span class="fsr-f">nullable<\/span>/,
    )
  })

  it('expands anonymous nested objects inline, in details present in the HTML', () => {
    const tree = section(html, 'schema/TreeNode')
    expect(tree).toMatch(/<details class="fsr-x"><summary>2 properties<\/summary>/)
    expect(tree).toContain('<code class="fsr-pn">depth</code>')
    expect(tree).toContain('Example: <code>3</code>')
  })

  it('names arrays of refs and shows enums and array constraints', () => {
    const list = section(html, 'operation/listPets')
    expect(list).toContain('array of <a href="#schema/Pet">Pet</a>')
    expect(list).toContain('array of <a href="#schema/PetKind">PetKind</a>')
    expect(list).toContain('<span>One of:</span> <code>cat</code> <code>dog</code>')
    expect(section(html, 'schema/PetBase')).toContain('at most 5 items · unique items')
  })

  it('shows schema examples', () => {
    expect(section(html, 'schema/TreeNode')).toMatch(
      /<summary>Example<\/summary><pre class="fsr-code" tabindex="0" data-lang="json">/,
    )
  })
})

describe('operations', () => {
  it('shows method, path, badges and authorization with scopes', () => {
    const list = section(html, 'operation/listPets')
    expect(list).toContain('<span class="fsr-m fsr-m-get">GET</span> <code class="fsr-path">/pets</code>')
    expect(list).toContain('<a href="#security/basicAuth">basicAuth</a>')
    expect(list).toContain('with scope <code>pets_read</code>')
    expect(list).toContain('Any one of these is accepted.')
    expect(section(html, 'operation/createPet')).toContain('fsr-b-beta')
    expect(section(html, 'operation/deletePet')).toContain('fsr-b-dep')
    expect(section(html, 'operation/getPet')).toContain('(any scope)')
    expect(section(html, 'operation/getTree')).toContain('takes no API credentials')
  })

  it('documents parameters with types, constraints, defaults and examples, path-level ones included', () => {
    const list = section(html, 'operation/listPets')
    expect(list).toContain('≥ 1 · ≤ 100 · default <code>20</code>')
    expect(list).toContain('Example: <code>[&quot;cat&quot;,&quot;dog&quot;]</code>')
    // A parameter whose example is its schema's says it once.
    expect(list.split('Example: <code>20</code>')).toHaveLength(2)
    expect(section(html, 'operation/getPet')).toMatch(
      /Path parameters[\s\S]*<code class="fsr-pn">petId<\/code>[\s\S]*pattern <code>\^pet_<\/code>/,
    )
  })

  it('shows request bodies and every response with schema, examples and error codes', () => {
    const create = section(html, 'operation/createPet')
    expect(create).toContain('Request body')
    expect(create).toContain('Exactly one of (discriminator <code>petType</code>)')
    expect(create).toContain('<summary>A cat</summary>')
    expect(create).toContain('<summary>A dog</summary>')
    expect(create).toContain('<span class="fsr-st fsr-st4">409</span> <code>PET_EXISTS</code>')
    const list = section(html, 'operation/listPets')
    expect(list).toMatch(
      /<span class="fsr-st fsr-st4">401<\/span> <code>UNAUTHENTICATED<\/code> <code>INVALID_TOKEN<\/code>/,
    )
  })

  it('describes shared error responses once and expands them in place on demand', () => {
    const get = section(html, 'operation/getPet')
    expect(get).toContain('data-src="response/NotFound"')
    expect(get).toContain('<code>PET_NOT_FOUND</code>')
    expect(html.match(/id="response\/NotFound"/g)).toHaveLength(1)
    expect(section(html, 'response/Unauthorized')).toContain('<div class="fsr-clone">')
  })

  it('notes path-level servers', () => {
    expect(section(html, 'operation/getTree')).toContain('Server: <code>https://trees.example.com</code>')
  })

  it('synthesises an example when the document has none', () => {
    expect(section(html, 'operation/getTree')).toMatch(/<summary>Example<\/summary>[\s\S]*&quot;id&quot;/)
  })
})

describe('webhook events', () => {
  it('shows delivery headers, the envelope with its payload expanded, and the example', () => {
    const event = section(html, 'event/PET_ADOPTED')
    expect(event).toContain('<code class="fsr-path">PET_ADOPTED</code>')
    expect(event).toContain('fsr-b-beta')
    expect(event).toContain('<code class="fsr-pn">X-Signature</code>')
    expect(event).toMatch(/<details class="fsr-x" open=""><summary>Properties of Pet<\/summary>/)
    expect(event).toContain('Exactly one of (discriminator <code>petType</code>)')
    expect(event).toContain(
      `<summary>Example</summary><pre class="fsr-code" tabindex="0" data-lang="json"><code>{\n  <span class="${compactTokenClass('token property')}">&quot;type&quot;</span>`,
    )
  })
})

describe('navigation', () => {
  it('lists tags, operations with method badges, events and schemas', () => {
    const nav = html.slice(html.indexOf('<nav'), html.indexOf('</nav>'))
    expect(nav).toContain('<a href="#operation/listPets"><span class="fsr-m fsr-m-get">GET</span>List pets</a>')
    expect(nav).toContain('<span class="fsr-nb fsr-nb-dep">deprecated</span>')
    expect(nav).toContain('<a href="#event/PET_ADOPTED">Pet adopted <span class="fsr-nb">beta</span></a>')
    expect(nav).toContain('<a href="#schema/TreeNode">TreeNode</a>')
    expect(nav).toContain('<a href="#authentication">Authentication</a>')
  })

  it('puts the language script first, before any sample', () => {
    expect(html.startsWith('<script>/*lang*/</script>')).toBe(true)
  })
})

describe('try-it data', () => {
  it('describes each operation for the console', () => {
    const list = page.tryIt.listPets
    expect(list).toMatchObject({ method: 'GET', path: '/pets', basePath: '/api/v2' })
    expect(list?.parameters.find((parameter) => parameter.name === 'kind')).toMatchObject({
      array: true,
      enum: ['cat', 'dog'],
      example: 'cat,dog',
      required: true,
    })
    expect(list?.security).toEqual([
      [{ scheme: 'basicAuth', kind: 'basic', scopes: [] }],
      [{ scheme: 'oauth', kind: 'bearer', scopes: ['pets_read'] }],
    ])
    expect(page.tryIt.createPet?.body).toMatchObject({ mediaType: 'application/json', required: true })
    expect(JSON.parse(page.tryIt.createPet?.body?.example ?? '')).toEqual({ petType: 'cat', name: 'Tom', meows: true })
    expect(page.tryIt.getTree).toMatchObject({ basePath: '', servers: ['https://trees.example.com'], security: [] })
  })
})

describe('the server code samples call (decision 0032)', () => {
  const servers = [
    { url: 'https://{host}/open-api/v1.0' },
    { url: 'http://127.0.0.1:4000/open-api/v1.0' },
    { url: 'http://127.0.0.1:4000' },
  ]
  it('is the contract server on the site’s own origin, which a running Fanshelf serves as its own', () => {
    expect(sampleServer(servers, 'http://127.0.0.1:4000')?.url).toBe('http://127.0.0.1:4000/open-api/v1.0')
    expect(sampleServer([servers[0]!, servers[2]!], 'http://127.0.0.1:4000')?.url).toBe('http://127.0.0.1:4000')
  })
  it('is the first server for a hosted copy on another origin', () => {
    expect(sampleServer(servers, 'https://docs.fanshelf.dev')?.url).toBe('https://{host}/open-api/v1.0')
    expect(sampleServer(servers, undefined)?.url).toBe('https://{host}/open-api/v1.0')
  })
})

describe('samples in the other languages (decision 0053)', () => {
  const operations = ['listPets', 'createPet', 'getPet', 'deletePet', 'getTree']
  const others = referenceLanguages.map((language) => language.id).filter((id) => id !== 'curl')

  it('carries only the default language in the page, with every language button', () => {
    for (const id of operations) {
      const op = section(html, `operation/${id}`)
      expect(op.match(/class="fsr-sample"/g)).toHaveLength(1)
      expect(op).toContain('<div class="fsr-sample" data-lang="curl">')
      for (const language of referenceLanguages) expect(op).toContain(`data-lang="${language.id}"`)
    }
  })

  it('names a samples file beside the page, named after its content, with every other language', () => {
    expect(page.samplesPath).toMatch(/^\/shapes\/samples-[0-9a-f]{10}\.json$/)
    expect(html).toContain(`<div class="fsr-layout" data-samples="${page.samplesPath}">`)
    expect(JSON.parse(page.samplesJson)).toEqual(page.samples)
    expect(Object.keys(page.samples).sort()).toEqual([...operations].sort())
    for (const id of operations) {
      expect(Object.keys(page.samples[id] ?? {})).toEqual(others)
      for (const language of others) {
        expect(page.samples[id]?.[language]).toMatch(
          new RegExp(
            `^<div class="fsr-sample" data-lang="${language}"><div class="fsr-sh"><span>[^<]+</span><button type="button" class="fsr-copy"`,
          ),
        )
      }
    }
  })

  it('says without JavaScript where the other languages are: the Markdown version', () => {
    expect(html).toContain(
      '<div class="fsr-nojs">The code samples on this page are in cURL; the <a href="/shapes.md">Markdown version</a>',
    )
  })

  it('puts every language back for the Markdown version, without the note', () => {
    const whole = withEverySample(html, page.samples)
    expect(whole).not.toContain('fsr-nojs')
    for (const id of operations) {
      const op = section(whole, `operation/${id}`)
      expect(op.match(/class="fsr-sample"/g)).toHaveLength(referenceLanguages.length)
      // Inside the samples block, before the "Try it" button.
      expect(op.indexOf('data-lang="java"><div class="fsr-sh">')).toBeLessThan(op.indexOf('class="fsr-try"'))
    }
    // The built page is minified: attribute values lose their quotes and paragraphs their end tags
    // where HTML allows.
    const minified = html.replace(/ (type|class|data-op)="([\w-]+)"/g, ' $1=$2').replaceAll('</p>', '')
    expect(minified).toContain('<div class=fsr-nojs>')
    const rebuilt = withEverySample(minified, page.samples)
    expect(rebuilt.match(/data-lang="java"><div class="fsr-sh">/g)).toHaveLength(operations.length)
    expect(rebuilt).not.toContain('fsr-nojs')
    expect(rebuilt).toContain('<div class=fsr-intro>')
    expect(() => withEverySample(html, { missingOperation: { python: '' } })).toThrow(/missingOperation/)
  })
})
