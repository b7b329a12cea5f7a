import { Fragment, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { estimateHeight } from '../estimate.ts'
import type { MarkdownContext } from '../markdown.ts'

/** Small pieces every part of the page uses: badges, headings with hash links, sized sections. */

export function Code({ children }: { children: ReactNode }) {
  return <code>{children}</code>
}

/** `items` with `separator` between them. */
export function joined(items: readonly ReactNode[], separator: ReactNode = ' '): ReactNode[] {
  return items.map((item, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a static list
    <Fragment key={index}>
      {index > 0 && separator}
      {item}
    </Fragment>
  ))
}

/** Inline code for each value, space-separated. */
export function codes(values: readonly unknown[], separator: ReactNode = ' '): ReactNode[] {
  return joined(
    values.map((value, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: values may repeat
      <code key={index}>{String(value)}</code>
    )),
    separator,
  )
}

export function Badge({ kind }: { kind: 'beta' | 'deprecated' }) {
  return kind === 'beta' ? (
    <span className="fsr-b fsr-b-beta">Beta</span>
  ) : (
    <span className="fsr-b fsr-b-dep">Deprecated</span>
  )
}

export function MethodBadge({ method, label }: { method: string; label?: string }) {
  return <span className={`fsr-m fsr-m-${method.toLowerCase()}`}>{label ?? method.toUpperCase()}</span>
}

export function StatusBadge({ status }: { status: string }) {
  const kind = status.charAt(0).toLowerCase() === 'd' ? 'd' : status.charAt(0)
  return <span className={`fsr-st fsr-st${kind}`}>{status}</span>
}

export function HashLink({ id, text }: { id: string; text: string }) {
  return (
    <a href={`#${id}`} className="hash-link" aria-label={`Direct link to ${text}`}>
      #
    </a>
  )
}

/** A heading with a registered id (`claim`: exact, throws on duplicates) and its hash link. */
export function Heading({ level, id, text, ctx }: { level: 2 | 3; id: string; text: string; ctx?: MarkdownContext }) {
  ctx?.ids.claim(id)
  const Tag = level === 2 ? 'h2' : 'h3'
  return (
    <Tag id={id}>
      {text}
      <HashLink id={id} text={text} />
    </Tag>
  )
}

/** A top-level section introducing a part of the page (a tag, "Schemas", …). */
export function TagIntro({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <section className="fsr-tag">
      <Heading level={2} id={id} text={title} />
      {children}
    </section>
  )
}

/**
 * A section with its estimated height (lib/estimate.ts) for `contain-intrinsic-size`. Its content
 * is rendered first, so the estimate reads the markup the reader gets.
 */
export function SizedSection({
  className,
  data,
  children,
}: {
  className: string
  data?: Record<`data-${string}`, string>
  children: ReactNode
}) {
  const inner = renderToStaticMarkup(children)
  return (
    <section
      className={className}
      {...data}
      style={{ containIntrinsicSize: `auto ${estimateHeight(inner)}px` }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markup React rendered just above
      dangerouslySetInnerHTML={{ __html: inner }}
    />
  )
}

export function isBeta(value: { 'x-beta'?: unknown }): boolean {
  return value['x-beta'] === true
}
