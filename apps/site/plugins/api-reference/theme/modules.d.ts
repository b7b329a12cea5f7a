declare module '@fanshelf/api-reference-content' {
  /** Per spec id: the page's HTML and the anchors/links to register with the broken-link checker. */
  const content: Record<string, { html: string; anchors: string[]; links: string[] }>
  export default content
}

declare module '@fanshelf/api-reference-tryit' {
  import type { TryItOperation } from '../lib/tryit-types.ts'

  /** Per spec id: a lazy loader of the try-it data of its operations. */
  const loaders: Record<string, () => Promise<{ default: Record<string, TryItOperation> }>>
  export default loaders
}

declare module '*.module.css' {
  const classes: Record<string, string>
  export default classes
}

declare module 'react-dom' {
  // The one react-dom API the page uses (no @types/react-dom in the workspace).
  export function createPortal(
    children: import('react').ReactNode,
    container: Element | DocumentFragment,
    key?: string | null,
  ): import('react').ReactPortal
}
