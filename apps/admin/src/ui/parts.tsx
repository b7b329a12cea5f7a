import { Pill, type PillTone, Toast } from '@fanshelf/ui'
import { type ReactNode, useEffect, useState } from 'react'
import { ApiError } from '../api/client.ts'
import { humanize } from './format.ts'

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Fanshelf admin`
  }, [title])
}

/** The page's title (also the document's, so tabs and screen readers announce where you are). */
export function PageHeader(props: { title: string; description?: ReactNode; actions?: ReactNode }) {
  useDocumentTitle(props.title)
  return (
    <header className="page-header">
      <div>
        <h1>{props.title}</h1>
        {props.description && <p className="page-header__description">{props.description}</p>}
      </div>
      {props.actions && <div className="page-header__actions">{props.actions}</div>}
    </header>
  )
}

/** The design system's empty state and pagination (@fanshelf/ui), as every admin list uses them. */
export { EmptyState, Pagination } from '@fanshelf/ui'

export function Loading(props: { label?: string }) {
  return (
    <p className="loading" role="status">
      {props.label ?? 'Loading…'}
    </p>
  )
}

export function ErrorMessage(props: { error: unknown; title?: string }) {
  const message =
    props.error instanceof ApiError
      ? props.error.message
      : 'Something went wrong while loading this page. Reload to try again.'
  return (
    <div className="alert alert--error" role="alert">
      {props.title && <strong>{props.title} </strong>}
      {message}
    </div>
  )
}

const tones: Record<string, PillTone> = {
  CONFIRMED: 'info',
  PARTIALLY_IN_PRODUCTION: 'info',
  IN_PRODUCTION: 'info',
  PARTIALLY_SHIPPED: 'brand',
  SHIPPED: 'brand',
  PARTIALLY_DELIVERED: 'brand',
  DELIVERED: 'success',
  COMPLETED: 'success',
  CANCELLED: 'muted',
  Live: 'success',
  Ended: 'muted',
  Archived: 'muted',
  AllUsed: 'warning',
  AVAILABLE: 'success',
  SOLD_OUT: 'warning',
  PUBLIC: 'success',
  HIDDEN: 'info',
  ARCHIVED: 'muted',
  DELIVERED_OK: 'success',
  PENDING: 'info',
  RETRYING: 'warning',
  FAILED: 'danger',
  LABEL_CREATED: 'info',
  IN_TRANSIT: 'brand',
  SUPER_ADMIN: 'info',
  STAFF: 'muted',
  ENABLED: 'success',
  DISABLED: 'danger',
  TEST: 'info',
  UPLOADING: 'brand',
  UPLOADED: 'success',
  UPLOAD_FAILED: 'danger',
}

/** A status word with a colour that never carries the meaning alone (the text says it). */
export function Badge(props: { value: string; label?: string }) {
  return <Pill tone={tones[props.value] ?? 'muted'}>{props.label ?? humanize(props.value)}</Pill>
}

/** Copies text, and says so to screen readers. */
export function CopyButton(props: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])
  return (
    <button
      type="button"
      className="fs-button fs-button--secondary fs-button--small"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(props.text)
        } catch {
          // Clipboard access can be denied (e.g. plain http in some browsers): select-and-copy still works.
        }
        setCopied(true)
      }}
    >
      {copied ? 'Copied' : (props.label ?? 'Copy')}
      <span className="visually-hidden" role="status">
        {copied ? 'Copied to the clipboard' : ''}
      </span>
    </button>
  )
}

/** A success note announced politely (after saving, sending, replaying…): the design system's Toast. */
export function Notice(props: { message: string | undefined; onDismiss?: () => void }) {
  return <Toast message={props.message} onDismiss={props.onDismiss} />
}

/**
 * A table that may scroll sideways on a narrow screen: a named region that takes keyboard focus,
 * so it can be scrolled without a mouse.
 */
export function TableWrap(props: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section className="table-wrap fs-table-box fs-table-box--scroll" tabIndex={0} aria-label={props.label}>
      {props.children}
    </section>
  )
}
