/**
 * Where the Markdown twin of a page lives: `/` → `/index.md`, `/webhooks/` → `/webhooks.md`,
 * `/webhooks/testing/` → `/webhooks/testing.md`. Shared by the copy button and the build plugin.
 */
export function markdownTwinPath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '')
  return trimmed === '' ? '/index.md' : `${trimmed}.md`
}
