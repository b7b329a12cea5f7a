/**
 * What the browser bundle gets instead of the reference HTML: nothing. The pages' markup is in
 * the static HTML (server-rendered from the real module, see index.ts configureWebpack), so the
 * JS stays small; after a client-side navigation the page fetches its own HTML.
 */
const content: Record<string, { html: string; anchors: string[]; links: string[] }> = {}
export default content
