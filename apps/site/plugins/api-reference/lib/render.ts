import { anchors } from './anchors.ts'
import { estimateHeight } from './estimate.ts'
import { mediaTypeExamples } from './examples.ts'
import { code, el, esc, join } from './html.ts'
import { codeBlock, type Heading, IdRegistry, inlineMarkdown, type MarkdownContext, markdown } from './markdown.ts'
import { isRef, resolve } from './refs.ts'
import { codeSamples } from './samples/index.ts'
import { referenceLanguages } from './samples/languages.ts'
import { mergeParameters, sampleRequest, serverUrl } from './samples/request.ts'
import {
  constraints,
  deref,
  mergeAllOf,
  plainType,
  propertyRow,
  type SchemaContext,
  schemaBody,
  schemaUsage,
  typeLabel,
} from './schema.ts'
import type { TryItOperation, TryItParameter, TryItSecurity } from './tryit-types.ts'
import type {
  Header,
  HttpMethod,
  MediaType,
  OpenApiDocument,
  Operation,
  Parameter,
  PathItem,
  Reference,
  RequestBody,
  Response,
  Schema,
  SecurityRequirement,
  SecurityScheme,
} from './types.ts'
import { httpMethods } from './types.ts'

export type { TryItOperation, TryItParameter, TryItSecurity }

/** One reference page: a bundled document and where it lives. */
export interface SpecInput {
  specId: string
  route: string
  doc: OpenApiDocument
  /** The whole document is beta (badge on the title and every operation). */
  beta?: boolean
  /** Site path of the downloadable document. */
  downloadPath?: string
  /** Inline script that applies the stored sample language (lib/language-script.ts). */
  languageScript?: string
  /**
   * The site's origin (its `url`). Samples use the contract's server on this origin when it has one
   * (the local server a running Fanshelf serves as its own, decision 0032), else the first server.
   */
  siteOrigin?: string
}

/** The server the code samples call: the one on the site's own origin, else the first. */
export function sampleServer<T extends { url: string }>(servers: readonly T[] | undefined, siteOrigin?: string) {
  const onSite = (url: string) => siteOrigin !== undefined && (url === siteOrigin || url.startsWith(`${siteOrigin}/`))
  return servers?.find((server) => onSite(server.url)) ?? servers?.[0]
}

export interface OperationInfo {
  specId: string
  route: string
  method: HttpMethod
  path: string
  operationId: string
  operation: Operation
  pathItem: PathItem
}

export interface RenderedPage {
  specId: string
  route: string
  title: string
  description: string
  html: string
  anchors: string[]
  links: string[]
  tryIt: Record<string, TryItOperation>
  operations: Array<{ operationId: string; method: string; path: string }>
  schemas: string[]
  events: string[]
}

export function operationsOf(input: SpecInput): OperationInfo[] {
  const out: OperationInfo[] = []
  for (const [path, pathItem] of Object.entries(input.doc.paths ?? {})) {
    for (const method of httpMethods) {
      const operation = pathItem[method]
      if (!operation) continue
      out.push({
        specId: input.specId,
        route: input.route,
        method,
        path,
        operationId: operation.operationId ?? `${method}-${path}`,
        operation,
        pathItem,
      })
    }
  }
  return out
}

/** `GET /order` → link, for every operation of every page (same-page links are hash-only). */
export function operationLinkIndex(inputs: SpecInput[], current: SpecInput): Map<string, string> {
  const index = new Map<string, string>()
  const ordered = [current, ...inputs.filter((input) => input !== current)]
  for (const input of ordered) {
    for (const op of operationsOf(input)) {
      const key = `${op.method.toUpperCase()} ${op.path}`
      if (index.has(key)) continue
      const hash = `#${anchors.operation(op.operationId)}`
      index.set(key, input === current ? hash : `${input.route}${hash}`)
    }
  }
  return index
}

const methodLabel = (method: string) => method.toUpperCase()
const navMethod: Record<string, string> = { delete: 'DEL', options: 'OPT', patch: 'PATCH' }

function badge(kind: 'beta' | 'deprecated'): string {
  return kind === 'beta'
    ? '<span class="fsr-b fsr-b-beta">Beta</span>'
    : '<span class="fsr-b fsr-b-dep">Deprecated</span>'
}

function methodBadge(method: string): string {
  return `<span class="fsr-m fsr-m-${esc(method.toLowerCase())}">${esc(methodLabel(method))}</span>`
}

function hashLink(id: string, text: string): string {
  return `<a href="#${esc(id)}" class=hash-link aria-label="Direct link to ${esc(text)}">#</a>`
}

function heading(level: 2 | 3, id: string, text: string, ctx: MarkdownContext, extra = ''): string {
  ctx.ids.claim(id)
  return `<h${level} id="${esc(id)}">${esc(text)}${extra}${hashLink(id, text)}</h${level}>`
}

function isBeta(value: { 'x-beta'?: unknown }): boolean {
  return value['x-beta'] === true
}

/** Error codes a response can carry: the schema's `code`/`error` enum or const, examples, and `CODES` in its description. */
export function errorCodes(response: Response, ctx: SchemaContext): string[] {
  const codes = new Set<string>()
  for (const media of Object.values(response.content ?? {})) {
    const schema = media.schema ? mergeAllOf(deref(media.schema, ctx), ctx) : undefined
    for (const field of ['code', 'error']) {
      const property = schema?.properties?.[field] ? mergeAllOf(deref(schema.properties[field], ctx), ctx) : undefined
      if (property?.const !== undefined) codes.add(String(property.const))
      for (const value of property?.enum ?? []) codes.add(String(value))
    }
    for (const example of mediaTypeExamples({ ...media, schema: undefined } as MediaType, ctx)) {
      const value = example.value as { code?: unknown; error?: unknown } | undefined
      if (typeof value?.code === 'string') codes.add(value.code)
      if (typeof value?.error === 'string') codes.add(value.error)
    }
  }
  for (const match of (response.description ?? '').matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)`/g)) {
    if (match[1]) codes.add(match[1])
  }
  return [...codes]
}

function schemesOf(doc: OpenApiDocument): Record<string, SecurityScheme> {
  const out: Record<string, SecurityScheme> = {}
  for (const [name, scheme] of Object.entries(doc.components?.securitySchemes ?? {})) {
    out[name] = resolve<SecurityScheme>(doc, scheme).value
  }
  return out
}

function schemeKind(scheme: SecurityScheme | undefined): string {
  if (!scheme) return ''
  if (scheme.type === 'http')
    return scheme.scheme?.toLowerCase() === 'basic' ? 'HTTP Basic' : `HTTP ${scheme.scheme ?? ''}`.trim()
  if (scheme.type === 'oauth2') return 'OAuth 2.0 bearer token'
  if (scheme.type === 'apiKey') return `API key in ${scheme.in} parameter ${code(scheme.name)}`
  return scheme.type
}

class PageRenderer {
  readonly ids = new IdRegistry()
  readonly links = new Set<string>()
  readonly ctx: SchemaContext
  readonly schemes: Record<string, SecurityScheme>
  readonly tryIt: Record<string, TryItOperation> = {}
  readonly introHeadings: Heading[] = []
  readonly operations: OperationInfo[]

  constructor(
    readonly input: SpecInput,
    operationLinks: Map<string, string>,
  ) {
    this.ctx = {
      doc: input.doc,
      ids: this.ids,
      links: this.links,
      operationLinks,
      schemaHref: (name) => `#${anchors.schema(name)}`,
    }
    this.schemes = schemesOf(input.doc)
    this.operations = operationsOf(input)
  }

  get doc(): OpenApiDocument {
    return this.input.doc
  }

  link(href: string): string {
    this.links.add(href)
    return href
  }

  render(): RenderedPage {
    const { doc } = this
    const header = this.header()
    const intro = this.intro()
    const security = this.securitySection()
    const groups = this.tagGroups()
    const opsHtml: string[] = []
    const nav: string[] = []
    for (const group of groups) {
      const groupNav: string[] = []
      for (const tag of group.tags) {
        const ops = this.operations.filter((op) => (op.operation.tags?.[0] ?? 'Other') === tag)
        const events = this.webhooksOf(tag)
        if (ops.length === 0 && events.length === 0) continue
        const tagId = anchors.tag(tag)
        opsHtml.push(this.tagSection(tag, tagId))
        const items: string[] = []
        for (const op of ops) {
          opsHtml.push(this.operationSection(op))
          items.push(this.navOperation(op))
        }
        for (const [type, operation] of events) {
          opsHtml.push(this.eventSection(type, operation))
          items.push(
            `<li><a href="#${esc(anchors.event(type))}">${esc(operation.summary ?? type)}${isBeta(operation) ? ' <span class=fsr-nb>beta</span>' : ''}</a></li>`,
          )
        }
        groupNav.push(
          `<li>${el('details', { open: true }, el('summary', null, esc(tag)), `<ul>${items.join('')}</ul>`)}</li>`,
        )
      }
      if (groupNav.length === 0) continue
      if (group.name) nav.push(`<li class=fsr-ng>${esc(group.name)}</li>`)
      nav.push(...groupNav)
    }
    const sharedResponses = this.responsesSection()
    const schemas = this.schemasSection()
    const headers = this.headersSection()
    const introNav = this.introHeadings
      .filter((h) => h.depth === 2)
      .map((h) => `<li><a href="#${esc(h.id)}">${esc(h.text)}</a></li>`)
      .join('')
    const navHtml = join([
      '<nav class="fsr-nav fsr-noindex" aria-label="API reference contents">',
      '<details class=fsr-navd><summary>Contents</summary>',
      // Opens the contents on wide screens before first paint (no layout shift); closed on phones.
      "<script>document.currentScript.parentNode.open=matchMedia('(min-width: 997px)').matches</script>",
      '<ul class=fsr-nl>',
      `<li class=fsr-ng>Overview</li>${introNav}`,
      security.nav,
      nav.join(''),
      sharedResponses.nav,
      schemas.nav,
      headers.nav,
      '</ul></details></nav>',
    ])
    const article = join([
      '<article class=fsr-article>',
      header,
      intro,
      security.html,
      opsHtml.join(''),
      sharedResponses.html,
      schemas.html,
      headers.html,
      '</article>',
    ])
    const html = `${this.input.languageScript ?? ''}<div class=fsr-layout>${navHtml}<main class=fsr-main>${article}</main></div>`
    const links = [...this.links].filter(
      (href) => href.startsWith('#') || (href.startsWith('/') && !/\.[a-z0-9]+$/i.test(href.split('#')[0] ?? '')),
    )
    return {
      specId: this.input.specId,
      route: this.input.route,
      title: doc.info.title,
      description: doc.info.summary ?? doc.info.title,
      html,
      anchors: [...this.ids.used],
      links,
      tryIt: this.tryIt,
      operations: this.operations.map((op) => ({
        operationId: op.operationId,
        method: op.method.toUpperCase(),
        path: op.path,
      })),
      schemas: Object.keys(doc.components?.schemas ?? {}),
      events: Object.keys(doc.webhooks ?? {}),
    }
  }

  header(): string {
    const { doc, input } = this
    const badges = join(
      [
        `<span class=fsr-b>v${esc(doc.info.version)}</span>`,
        `<span class=fsr-b>OpenAPI ${esc(doc.openapi)}</span>`,
        input.beta && badge('beta'),
      ],
      ' ',
    )
    const servers = (doc.servers ?? []).map(
      (server) =>
        `<li>${code(serverUrl(server))}${server.description ? ` — ${inlineMarkdown(server.description, this.ctx)}` : ''}</li>`,
    )
    const download = input.downloadPath
      ? `<a class=fsr-dl href="${esc(input.downloadPath)}" download>Download ${esc(input.downloadPath.split('/').pop() ?? '')}</a>`
      : ''
    return join([
      '<header class=fsr-head>',
      `<h1>${esc(doc.info.title)}</h1>`,
      `<p class=fsr-badges>${badges} ${download}</p>`,
      doc.info.summary ? `<p class=fsr-lead>${esc(doc.info.summary)}</p>` : '',
      servers.length > 0 ? `<div class=fsr-servers><span>Servers</span><ul>${servers.join('')}</ul></div>` : '',
      '</header>',
    ])
  }

  intro(): string {
    const source = this.doc.info.description ?? ''
    const offset = /^# /m.test(source) ? 1 : 0
    return `<div class=fsr-intro>${markdown(source, this.ctx, { headingOffset: offset, headings: this.introHeadings })}</div>`
  }

  securitySection(): { html: string; nav: string } {
    const entries = Object.entries(this.schemes)
    if (entries.length === 0) return { html: '', nav: '' }
    const sections = entries.map(([name, scheme]) => {
      const flows = Object.entries(scheme.flows ?? {}).map(([flowName, flow]) => {
        const scopes = Object.entries(flow.scopes ?? {})
        return join([
          `<p class=fsr-c>Flow ${code(flowName)}${flow.authorizationUrl ? ` · authorization URL ${code(flow.authorizationUrl)}` : ''}${flow.tokenUrl ? ` · token URL ${code(flow.tokenUrl)}` : ''}${flow.refreshUrl ? ` · refresh URL ${code(flow.refreshUrl)}` : ''}</p>`,
          scopes.length > 0 &&
            `<div class=fsr-tw tabindex=0><table><thead><tr><th>Scope</th><th>Grants</th></tr></thead><tbody>${scopes
              .map(([scope, text]) => `<tr><td>${code(scope)}</td><td>${inlineMarkdown(text, this.ctx)}</td></tr>`)
              .join('')}</tbody></table></div>`,
        ])
      })
      return sized(
        join([
          '<section class=fsr-sec>',
          heading(3, anchors.security(name), name, this.ctx),
          `<p class=fsr-c>${schemeKind(scheme)}</p>`,
          markdown(scheme.description, this.ctx),
          ...flows,
          '</section>',
        ]),
      )
    })
    const id = this.ids.slug('Security schemes')
    return {
      html: `<section class=fsr-tag><h2 id="${id}">Security schemes${hashLink(id, 'Security schemes')}</h2></section>${sections.join('')}`,
      nav: `<li><a href="#${id}">Security schemes</a></li>`,
    }
  }

  tagGroups(): Array<{ name?: string; tags: string[] }> {
    const { doc } = this
    const declared = (doc.tags ?? []).map((tag) => tag.name)
    const used = new Set<string>()
    for (const op of this.operations) used.add(op.operation.tags?.[0] ?? 'Other')
    for (const item of Object.values(doc.webhooks ?? {})) {
      for (const method of httpMethods) if (item[method]) used.add(item[method]?.tags?.[0] ?? 'Events')
    }
    const ordered = [...declared, ...[...used].filter((tag) => !declared.includes(tag))]
    const groups = doc['x-tagGroups']
    if (groups) {
      const grouped = new Set(groups.flatMap((group) => group.tags))
      const rest = ordered.filter((tag) => !grouped.has(tag))
      return [
        ...groups.map((group) => ({ name: group.name, tags: group.tags })),
        ...(rest.length > 0 ? [{ tags: rest }] : []),
      ]
    }
    return [{ tags: ordered }]
  }

  webhooksOf(tag: string): Array<[string, Operation]> {
    const out: Array<[string, Operation]> = []
    for (const [type, item] of Object.entries(this.doc.webhooks ?? {})) {
      for (const method of httpMethods) {
        const operation = item[method]
        if (operation && (operation.tags?.[0] ?? 'Events') === tag) out.push([type, operation])
      }
    }
    return out
  }

  tagSection(tag: string, id: string): string {
    const description = this.doc.tags?.find((t) => t.name === tag)?.description
    return `<section class=fsr-tag>${heading(2, id, tag, this.ctx)}${markdown(description, this.ctx)}</section>`
  }

  navOperation(op: OperationInfo): string {
    const id = anchors.operation(op.operationId)
    const flagsHtml = join([
      op.operation.deprecated && ' <span class="fsr-nb fsr-nb-dep">deprecated</span>',
      (this.input.beta || isBeta(op.operation)) && ' <span class=fsr-nb>beta</span>',
    ])
    const label = navMethod[op.method] ?? methodLabel(op.method)
    return `<li><a href="#${esc(id)}"${op.operation.deprecated ? ' class=fsr-ndep' : ''}><span class="fsr-m fsr-m-${op.method}">${label}</span>${esc(op.operation.summary ?? op.operationId)}${flagsHtml}</a></li>`
  }

  security(op: OperationInfo): SecurityRequirement[] {
    return op.operation.security ?? this.doc.security ?? []
  }

  authorization(requirements: SecurityRequirement[]): string {
    if (requirements.length === 0 || requirements.every((req) => Object.keys(req).length === 0)) {
      return '<p class=fsr-c>None: this operation takes no API credentials.</p>'
    }
    const alternatives = requirements.map((requirement) => {
      const parts = Object.entries(requirement).map(([name, scopes]) => {
        const scheme = this.schemes[name]
        const href = this.link(`#${anchors.security(name)}`)
        const scopeText =
          scheme?.type === 'oauth2' || scheme?.type === 'openIdConnect'
            ? scopes.length > 0
              ? ` with scope ${scopes.map((scope) => code(scope)).join(' and ')}`
              : ' (any scope)'
            : ''
        return `<a href="${href}">${esc(name)}</a> <span class=fsr-c>${schemeKind(scheme)}</span>${scopeText}`
      })
      return `<li>${parts.join(' and ')}</li>`
    })
    return `<ul class=fsr-auth>${alternatives.join(requirements.length > 1 ? '' : '')}</ul>${requirements.length > 1 ? '<p class=fsr-c>Any one of these is accepted.</p>' : ''}`
  }

  parameterRows(parameters: Parameter[]): string {
    const groups: Array<[Parameter['in'], string]> = [
      ['path', 'Path'],
      ['query', 'Query'],
      ['header', 'Header'],
      ['cookie', 'Cookie'],
    ]
    return groups
      .map(([location, title]) => {
        const list = parameters.filter((parameter) => parameter.in === location)
        if (list.length === 0) return ''
        const rows = list.map((parameter) => {
          const schema: Schema = {
            ...(parameter.schema ?? {}),
            ...(parameter.description !== undefined ? { description: parameter.description } : {}),
            ...(parameter.deprecated ? { deprecated: true } : {}),
          }
          const example = parameter.example
          const exampleLine =
            example !== undefined
              ? `<div class=fsr-c>Example: ${code(typeof example === 'string' ? example : JSON.stringify(example))}</div>`
              : ''
          return propertyRow(parameter.name, schema, this.ctx, { required: parameter.required ?? false }).replace(
            /<\/li>$/,
            `${exampleLine}</li>`,
          )
        })
        return `<p class=fsr-loc>${title} parameters</p><ul class=fsr-props>${rows.join('')}</ul>`
      })
      .join('')
  }

  examplesHtml(media: MediaType, open: boolean): string {
    const examples = mediaTypeExamples(media, this.ctx).filter((example) => example.value !== undefined)
    return examples
      .map((example) => {
        const title = example.summary ?? (example.name ? example.name : 'Example')
        const source = typeof example.value === 'string' ? example.value : JSON.stringify(example.value, null, 2)
        return el('details', { class: 'fsr-ex', open }, el('summary', null, esc(title)), codeBlock(source, 'json'))
      })
      .join('')
  }

  requestBody(op: OperationInfo): string {
    const body = op.operation.requestBody ? resolve<RequestBody>(this.doc, op.operation.requestBody).value : undefined
    if (!body?.content) return ''
    const media = Object.entries(body.content)
    const schemas = new Set(media.map(([, m]) => JSON.stringify(m.schema ?? null)))
    const parts = media.map(([type, m], index) => {
      const showSchema = index === 0 || schemas.size > 1
      return join([
        `<p class=fsr-mt>${code(type)}</p>`,
        showSchema && schemaUsage(m.schema, this.ctx),
        this.examplesHtml(m, false),
      ])
    })
    return join([
      '<h4>Request body</h4>',
      `<p class=fsr-c>${body.required ? '<span class="fsr-f fsr-req">required</span> ' : ''}${media.map(([type]) => code(type)).join(', ')}</p>`,
      markdown(body.description, this.ctx),
      ...parts,
    ])
  }

  headersList(headers: Response['headers']): string {
    const entries = Object.entries(headers ?? {})
    if (entries.length === 0) return ''
    const items = entries.map(([name, header]) => {
      if (isRef(header)) {
        const resolved = resolve<Header>(this.doc, header)
        if (resolved.kind === 'headers' && resolved.name) {
          return `<a href="${this.link(`#${anchors.header(resolved.name)}`)}">${esc(name)}</a>`
        }
      }
      const value = resolve<Header>(this.doc, header).value
      return `<span title="${esc(value.description ?? '')}">${code(name)}</span>`
    })
    return `<p class=fsr-c>Headers: ${items.join(', ')}</p>`
  }

  /** Shared responses (`#/components/responses/X`) referenced by an error status of some operation. */
  readonly sharedResponses = new Set<string>()

  statusBadge(status: string): string {
    const kind = status.charAt(0).toLowerCase() === 'd' ? 'd' : status.charAt(0)
    return `<span class="fsr-st fsr-st${esc(kind)}">${esc(status)}</span>`
  }

  /** Description, codes, headers, body schema and examples of a response. */
  responseBody(response: Response, openExamples: boolean, summarised = false): string {
    const media = Object.entries(response.content ?? {})
    const body = media.map(([type, m]) =>
      join([`<p class=fsr-mt>${code(type)}</p>`, schemaUsage(m.schema, this.ctx), this.examplesHtml(m, openExamples)]),
    )
    // A one-sentence description already shown in the summary line is not repeated.
    const shortText = firstSentence(response.description) === response.description?.trim()
    const description = summarised && shortText ? '' : markdown(response.description, this.ctx)
    return join([description, this.headersList(response.headers), ...body])
  }

  responses(op: OperationInfo): string {
    const entries = Object.entries(op.operation.responses ?? {})
    if (entries.length === 0) return ''
    let openedSuccess = false
    const items = entries.map(([status, value]) => {
      const resolved = resolve<Response>(this.doc, value)
      const response = resolved.value
      const isSuccess = /^[123]/.test(status)
      const open = isSuccess && !openedSuccess
      if (open) openedSuccess = true
      const codes = isSuccess ? [] : errorCodes(response, this.ctx)
      const summary = join([
        this.statusBadge(status),
        ' ',
        codes.length > 0 ? codes.map((c) => code(c)).join(' ') : esc(firstSentence(response.description)),
      ])
      if (!isSuccess && resolved.kind === 'responses' && resolved.name) {
        // A shared error response: described once in the Responses section, copied here when opened.
        this.sharedResponses.add(resolved.name)
        const href = this.link(`#${anchors.response(resolved.name)}`)
        return el(
          'details',
          { class: 'fsr-resp fsr-lazy', 'data-src': anchors.response(resolved.name) },
          el('summary', null, summary),
          `<div class=fsr-rb><p class=fsr-c>${esc(firstSentence(response.description))} See <a href="${href}">${esc(resolved.name)}</a>.</p></div>`,
        )
      }
      return el(
        'details',
        { class: 'fsr-resp', open },
        el('summary', null, summary),
        `<div class=fsr-rb>${this.responseBody(response, isSuccess, codes.length === 0)}</div>`,
      )
    })
    return `<h4>Responses</h4><div class=fsr-resps>${items.join('')}</div>`
  }

  responsesSection(): { html: string; nav: string } {
    const names = Object.keys(this.doc.components?.responses ?? {}).filter((name) => this.sharedResponses.has(name))
    if (names.length === 0) return { html: '', nav: '' }
    const id = this.ids.slug('Responses')
    const sections = names.map((name) => {
      const response = resolve<Response>(this.doc, this.doc.components?.responses?.[name] as Response).value
      const codes = errorCodes(response, this.ctx)
      return sized(
        join([
          '<section class=fsr-schema>',
          heading(3, anchors.response(name), name, this.ctx),
          codes.length > 0 && `<p class=fsr-c>Codes: ${codes.map((c) => code(c)).join(' ')}</p>`,
          `<div class=fsr-clone>${this.responseBody(response, true)}</div>`,
          '</section>',
        ]),
      )
    })
    const items = names.map((name) => `<li><a href="#${esc(anchors.response(name))}">${esc(name)}</a></li>`).join('')
    return {
      html: `<section class=fsr-tag><h2 id="${id}">Responses${hashLink(id, 'Responses')}</h2><p>Error responses that several operations share. Each operation lists the ones it can answer.</p></section>${sections.join('')}`,
      nav: `<li>${el('details', null, el('summary', null, 'Responses'), `<ul><li><a href="#${id}">About shared responses</a></li>${items}</ul>`)}</li>`,
    }
  }

  operationSection(op: OperationInfo): string {
    const { operation } = op
    const id = anchors.operation(op.operationId)
    const summary = operation.summary ?? op.operationId
    const beta = this.input.beta || isBeta(operation)
    const parameters = mergeParameters(op.pathItem.parameters ?? [], operation.parameters ?? [], this.ctx)
    const servers = operation.servers ?? op.pathItem.servers ?? this.doc.servers
    const requirements = this.security(op)
    const sample = sampleRequest({
      specId: this.input.specId,
      operationId: op.operationId,
      method: op.method,
      path: op.path,
      operation,
      pathParameters: op.pathItem.parameters ?? [],
      server: sampleServer(servers, this.input.siteOrigin),
      security: requirements,
      schemes: this.schemes,
      ctx: this.ctx,
    })
    this.tryIt[op.operationId] = this.tryItData(op, parameters, servers ?? [], requirements)
    const pathOverride = operation.servers ?? op.pathItem.servers
    const meta = join([
      '<div class=fsr-opmeta>',
      methodBadge(op.method),
      ` <code class=fsr-path>${esc(op.path)}</code>`,
      ` <span class="fsr-c fsr-opid" title="operationId">${esc(op.operationId)}</span>`,
      operation.deprecated && ` ${badge('deprecated')}`,
      beta && ` ${badge('beta')}`,
      '</div>',
      pathOverride
        ? `<p class=fsr-c>Server: ${pathOverride.map((server) => code(serverUrl(server))).join(' or ')}</p>`
        : '',
    ])
    const main = join([
      markdown(operation.description, this.ctx),
      '<h4>Authorization</h4>',
      this.authorization(requirements),
      parameters.length > 0 && `<h4>Parameters</h4>${this.parameterRows(parameters)}`,
      this.requestBody(op),
      this.responses(op),
    ])
    return sized(
      join([
        `<section class="fsr-op${operation.deprecated ? ' fsr-deprecated' : ''}" data-op="${esc(op.operationId)}">`,
        heading(3, id, summary, this.ctx),
        meta,
        `<div class=fsr-opgrid><div class=fsr-opmain>${main}</div>`,
        `<div class="fsr-side fsr-noindex">${this.samplesHtml(sample, op.operationId)}</div></div>`,
        '</section>',
      ]),
    )
  }

  samplesHtml(request: ReturnType<typeof sampleRequest>, operationId: string): string {
    const samples = codeSamples(request)
    const buttons = referenceLanguages
      .map(
        (language, index) =>
          `<button type=button data-lang=${language.id} aria-pressed=${index === 0 ? 'true' : 'false'}>${esc(language.label)}</button>`,
      )
      .join('')
    const blocks = samples
      .map(
        (sample) =>
          `<div class=fsr-sample data-lang=${sample.language}><div class=fsr-sh><span>${esc(sample.label)}</span><button type=button class=fsr-copy aria-label="Copy the ${esc(sample.label)} sample">Copy</button></div><pre class=fsr-code tabindex=0><code>${sample.html}</code></pre></div>`,
      )
      .join('')
    return join([
      '<div class=fsr-samples>',
      `<div class=fsr-langs role=group aria-label="Sample language">${buttons}</div>`,
      blocks,
      '</div>',
      `<button type=button class=fsr-try data-op="${esc(operationId)}">Try it</button>`,
    ])
  }

  tryItData(
    op: OperationInfo,
    parameters: Parameter[],
    servers: NonNullable<Operation['servers']>,
    requirements: SecurityRequirement[],
  ): TryItOperation {
    const ctx = this.ctx
    const serverUrls = servers.map((server) => serverUrl(server).replace(/\/$/, ''))
    const first = serverUrls[0] ?? ''
    let basePath = ''
    try {
      basePath = new URL(first).pathname.replace(/\/$/, '')
    } catch {
      basePath = first.startsWith('/') ? first : ''
    }
    const params: TryItParameter[] = parameters.map((parameter) => {
      const schema = parameter.schema ? mergeAllOf(deref(parameter.schema, ctx), ctx) : {}
      const isArray = schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))
      const itemSchema = isArray && schema.items ? mergeAllOf(deref(schema.items, ctx), ctx) : schema
      const example = parameter.example ?? schema.default
      const exampleText =
        example === undefined
          ? ''
          : Array.isArray(example)
            ? example.map(String).join(',')
            : typeof example === 'string'
              ? example
              : JSON.stringify(example)
      return {
        name: parameter.name,
        in: parameter.in,
        required: parameter.required ?? false,
        type: plainType(parameter.schema, ctx),
        ...(parameter.description ? { description: parameter.description.split('\n')[0] ?? '' } : {}),
        ...(itemSchema.enum ? { enum: itemSchema.enum.map(String) } : {}),
        array: isArray,
        example: exampleText,
      }
    })
    const body = op.operation.requestBody ? resolve<RequestBody>(this.doc, op.operation.requestBody).value : undefined
    let bodyData: TryItOperation['body']
    if (body?.content) {
      const [mediaType, media] =
        Object.entries(body.content).find(([type]) => /json/.test(type)) ?? Object.entries(body.content)[0] ?? []
      if (mediaType && media) {
        const value = mediaTypeExamples(media, ctx)[0]?.value
        const example = /json/.test(mediaType)
          ? JSON.stringify(value ?? {}, null, 2)
          : new URLSearchParams(
              Object.entries((value as Record<string, string>) ?? {}).map(([k, v]) => [k, String(v)]),
            ).toString()
        bodyData = { mediaType, example, required: body.required ?? false }
      }
    }
    const security: TryItSecurity[][] = requirements
      .filter((requirement) => Object.keys(requirement).length > 0)
      .map((requirement) =>
        Object.entries(requirement).flatMap(([name, scopes]): TryItSecurity[] => {
          const scheme = this.schemes[name]
          if (!scheme) return []
          if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic')
            return [{ scheme: name, kind: 'basic', scopes }]
          if (scheme.type === 'apiKey' && (scheme.in === 'query' || scheme.in === 'header')) {
            return [{ scheme: name, kind: scheme.in, ...(scheme.name ? { name: scheme.name } : {}), scopes }]
          }
          return [{ scheme: name, kind: 'bearer', scopes }]
        }),
      )
    return {
      operationId: op.operationId,
      summary: op.operation.summary ?? op.operationId,
      method: op.method.toUpperCase(),
      path: op.path,
      basePath,
      servers: serverUrls,
      parameters: params,
      ...(bodyData ? { body: bodyData } : {}),
      security,
    }
  }

  eventSection(type: string, operation: Operation): string {
    const id = anchors.event(type)
    const beta = isBeta(operation)
    const parameters = (operation.parameters ?? []).map((p) => resolve<Parameter>(this.doc, p).value)
    const body = operation.requestBody ? resolve<RequestBody>(this.doc, operation.requestBody).value : undefined
    const media = body?.content ? Object.entries(body.content)[0] : undefined
    const responses = Object.entries(operation.responses ?? {}).map(([status, value]) => {
      const response = resolve<Response>(this.doc, value).value
      return `<li>${this.statusBadge(status)} ${inlineMarkdown(response.description, this.ctx)}</li>`
    })
    return sized(
      join([
        `<section class="fsr-op fsr-ev" data-event="${esc(type)}">`,
        heading(3, id, operation.summary ?? type, this.ctx),
        `<div class=fsr-opmeta>${methodBadge('post')} <code class=fsr-path>${esc(type)}</code> <span class=fsr-c>to your endpoint</span>${beta ? ` ${badge('beta')}` : ''}${operation.deprecated ? ` ${badge('deprecated')}` : ''}</div>`,
        markdown(operation.description, this.ctx),
        parameters.length > 0 && `<h4>Delivery headers</h4>${this.parameterRows(parameters)}`,
        media &&
          join([
            '<h4>Envelope and payload</h4>',
            `<p class=fsr-mt>${code(media[0])}</p>`,
            schemaUsage(media[1].schema, this.ctx, { expandData: true }),
            '<h4>Example</h4>',
            this.examplesHtml(media[1], true),
          ]),
        responses.length > 0 && `<h4>Your answer</h4><ul class=fsr-answers>${responses.join('')}</ul>`,
        '</section>',
      ]),
    )
  }

  schemasSection(): { html: string; nav: string } {
    const schemas = Object.entries(this.doc.components?.schemas ?? {})
    if (schemas.length === 0) return { html: '', nav: '' }
    const id = this.ids.slug('Schemas')
    const sections = schemas.map(([name, schema]) => {
      const sectionId = anchors.schema(name)
      const resolved = mergeAllOf(deref(schema, this.ctx), this.ctx)
      const facts = constraints(resolved)
      const example = resolved.examples?.[0] ?? resolved.example
      return sized(
        join([
          `<section class=fsr-schema data-schema="${esc(name)}">`,
          heading(3, sectionId, name, this.ctx),
          `<div class=fsr-opmeta><span class=fsr-t>${typeLabel({ ...resolved, allOf: undefined, title: undefined }, this.ctx)}</span>${resolved.deprecated ? ` ${badge('deprecated')}` : ''}${isBeta(resolved) ? ` ${badge('beta')}` : ''}</div>`,
          markdown(resolved.description, this.ctx),
          facts.length > 0 && `<p class=fsr-c>${facts.join(' · ')}</p>`,
          resolved.enum &&
            `<div class=fsr-enum><span>One of:</span> ${resolved.enum.map((value) => code(typeof value === 'string' ? value : JSON.stringify(value))).join(' ')}</div>`,
          `<div class=fsr-clone>${schemaBody(resolved, this.ctx)}</div>`,
          example !== undefined &&
            typeof example === 'object' &&
            el(
              'details',
              { class: 'fsr-ex' },
              el('summary', null, 'Example'),
              codeBlock(JSON.stringify(example, null, 2), 'json'),
            ),
          '</section>',
        ]),
      )
    })
    const navItems = schemas
      .map(([name]) => `<li><a href="#${esc(anchors.schema(name))}">${esc(name)}</a></li>`)
      .join('')
    return {
      html: `<section class=fsr-tag><h2 id="${id}">Schemas${hashLink(id, 'Schemas')}</h2><p>Every named schema of the document. Where a schema is used, its name links here.</p></section>${sections.join('')}`,
      nav: `<li>${el('details', null, el('summary', null, 'Schemas'), `<ul><li><a href="#${id}">About schemas</a></li>${navItems}</ul>`)}</li>`,
    }
  }

  /** Component header name → the header name responses send it under (`RequestId` → `Request-Id`). */
  headerWireNames(): Map<string, string> {
    const names = new Map<string, string>()
    const visit = (responses: Operation['responses']) => {
      for (const value of Object.values(responses ?? {})) {
        for (const [wire, header] of Object.entries(resolve<Response>(this.doc, value).value.headers ?? {})) {
          const resolved = isRef(header) ? resolve<Header>(this.doc, header) : undefined
          if (resolved?.name && !names.has(resolved.name)) names.set(resolved.name, wire)
        }
      }
    }
    for (const op of this.operations) visit(op.operation.responses)
    for (const value of Object.values(this.doc.components?.responses ?? {})) visit({ x: value })
    return names
  }

  headersSection(): { html: string; nav: string } {
    const headers = Object.entries(this.doc.components?.headers ?? {})
    if (headers.length === 0) return { html: '', nav: '' }
    const id = this.ids.slug('Response headers')
    const wireNames = this.headerWireNames()
    const rows = headers.map(([name, value]) => {
      const header = resolve<Header>(this.doc, value).value
      const rowId = this.ids.claim(anchors.header(name))
      const wire = wireNames.get(name) ?? name
      const example =
        header.example !== undefined ? ` <span class=fsr-c>Example: ${code(String(header.example))}</span>` : ''
      return `<tr id="${esc(rowId)}"><td>${code(wire)}</td><td>${typeLabel(header.schema, this.ctx)}</td><td>${inlineMarkdown(header.description, this.ctx)}${example}</td></tr>`
    })
    return {
      html: `<section class=fsr-tag><h2 id="${id}">Response headers${hashLink(id, 'Response headers')}</h2><p>Headers that responses refer to by name.</p><div class=fsr-tw tabindex=0><table><thead><tr><th>Name</th><th>Type</th><th>Description</th></tr></thead><tbody>${rows.join('')}</tbody></table></div></section>`,
      nav: `<li><a href="#${id}">Response headers</a></li>`,
    }
  }
}

/** Adds the estimated height (lib/estimate.ts) to a section's opening tag. */
function sized(section: string): string {
  return section.replace(
    /^<section([^>]*)>/,
    (_, attributes: string) =>
      `<section${attributes} style="contain-intrinsic-size:auto ${estimateHeight(section)}px">`,
  )
}

function firstSentence(text: string | undefined): string {
  if (!text) return ''
  const plain = text
    .replace(/`([^`]*)`/g, '$1')
    .replace(/[*_]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  const match = /^(.{1,140}?[.:;])(\s|$)/.exec(plain)
  return match?.[1] ?? (plain.length > 140 ? `${plain.slice(0, 139)}…` : plain)
}

export function renderSpec(input: SpecInput, all: SpecInput[] = [input]): RenderedPage {
  return new PageRenderer(input, operationLinkIndex(all, input)).render()
}

export type { Parameter, Reference }
