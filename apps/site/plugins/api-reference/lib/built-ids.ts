/** Every `id` attribute in built HTML (quoted or, after minification, unquoted). */
export function builtIds(html: string): Set<string> {
  const ids = new Set<string>()
  for (const match of html.matchAll(/\sid=(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g)) {
    const id = match[1] ?? match[2] ?? match[3]
    if (id) ids.add(id.replace(/&amp;/g, '&').replace(/&quot;/g, '"'))
  }
  return ids
}

export interface ExpectedAnchors {
  operations: Array<{ operationId: string }>
  events: string[]
  schemas: string[]
}

/** Anchors every reference page must have: one per operation, webhook event and schema. */
export function expectedAnchors(page: ExpectedAnchors): string[] {
  return [
    ...page.operations.map((op) => `operation/${op.operationId}`),
    ...page.events.map((type) => `event/${type}`),
    ...page.schemas.map((name) => `schema/${name}`),
  ]
}
