/// <reference lib="dom" />
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { trapTab } from './focus-trap.js'

export interface DialogProps {
  open: boolean
  title: ReactNode
  /** Escape, the close button and the backdrop's cancel call this; the owner sets `open` false. */
  onClose: () => void
  children: ReactNode
  /** The buttons at the bottom (the first one gets focus when the dialog opens unless a field does). */
  actions?: ReactNode
  wide?: boolean
}

/**
 * A modal dialog on the native `<dialog>` (the page behind it is inert): focus moves into it when
 * it opens and Tab cycles inside it, Escape closes it, and focus returns to what had it before.
 */
export function Dialog({ open, title, onClose, children, actions, wide }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const titleId = useId()
  const bodyId = useId()

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      element.showModal()
    } else if (!open && element.open) {
      element.close()
      opener.current?.focus()
      opener.current = null
    }
  }, [open])

  return (
    <dialog
      ref={dialog}
      className={`fs-dialog${wide ? ' fs-dialog--wide' : ''}`}
      aria-labelledby={titleId}
      aria-describedby={open ? bodyId : undefined}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onKeyDown={(event) => {
        if (dialog.current) trapTab(dialog.current, event)
      }}
    >
      {open && (
        <>
          <h2 className="fs-dialog__title" id={titleId}>
            {title}
          </h2>
          <div className="fs-dialog__body" id={bodyId}>
            {children}
          </div>
          {actions && <div className="fs-dialog__actions">{actions}</div>}
        </>
      )}
    </dialog>
  )
}
