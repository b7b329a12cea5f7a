import { anchors } from './anchors.ts'
import { type Heading, IdRegistry } from './markdown.ts'
import { resolve } from './refs.ts'
import type { SampleRequest } from './samples/request.ts'
import type { SchemaContext } from './schema.ts'
import type { TryItOperation } from './tryit-types.ts'
import type { HttpMethod, OpenApiDocument, Operation, PathItem, SecurityRequirement, SecurityScheme } from './types.ts'
import { httpMethods } from './types.ts'

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

export interface OperationInfo {
  specId: string
  route: string
  method: HttpMethod
  path: string
  operationId: string
  operation: Operation
  pathItem: PathItem
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

function schemesOf(doc: OpenApiDocument): Record<string, SecurityScheme> {
  const out: Record<string, SecurityScheme> = {}
  for (const [name, scheme] of Object.entries(doc.components?.securitySchemes ?? {})) {
    out[name] = resolve<SecurityScheme>(doc, scheme).value
  }
  return out
}

/**
 * What the page's components share while one page renders: the id registry and the links (through
 * `ctx`), the security schemes, and what earlier parts tell later ones (the try-it data, the intro's
 * headings and the shared responses operations use, for the contents and the Responses section).
 */
export class PageState {
  readonly ids = new IdRegistry()
  readonly links = new Set<string>()
  readonly ctx: SchemaContext
  readonly schemes: Record<string, SecurityScheme>
  readonly tryIt: Record<string, TryItOperation> = {}
  /** Each operation's sample request (its other languages' samples go to the page's samples file). */
  readonly sampleRequests = new Map<string, SampleRequest>()
  readonly introHeadings: Heading[] = []
  readonly operations: OperationInfo[]
  /** Shared responses (`#/components/responses/X`) referenced by an error status of some operation. */
  readonly sharedResponses = new Set<string>()
  /** Ids of the page-level sections ("Security schemes", "Schemas", …) once rendered, for the contents. */
  readonly sectionIds = new Map<string, string>()

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

  /** Registers an href for the link checker. */
  link(href: string): string {
    this.links.add(href)
    return href
  }

  /** A page-level section's heading id (a slug, registered once). */
  sectionId(title: string): string {
    let id = this.sectionIds.get(title)
    if (id === undefined) {
      id = this.ids.slug(title)
      this.sectionIds.set(title, id)
    }
    return id
  }

  security(op: OperationInfo): SecurityRequirement[] {
    return op.operation.security ?? this.doc.security ?? []
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

  operationsOf(tag: string): OperationInfo[] {
    return this.operations.filter((op) => (op.operation.tags?.[0] ?? 'Other') === tag)
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
}
