import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useRef, useState } from 'react'

/**
 * Every destructive action asks first: `const confirm = useConfirm(); if (await confirm({…}))`.
 * A native modal <dialog>: focus moves into it and back, Escape cancels, the page behind is inert.
 */
export interface ConfirmRequest {
  title: string
  message: ReactNode
  confirmLabel: string
  /** Styles the confirm button as dangerous (delete, revoke, cancel an order…). */
  destructive?: boolean
}

type Pending = ConfirmRequest & { resolve: (ok: boolean) => void }

const ConfirmContext = createContext<(request: ConfirmRequest) => Promise<boolean>>(() => Promise.resolve(false))

export function useConfirm() {
  return useContext(ConfirmContext)
}

export function ConfirmProvider(props: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | undefined>()
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const messageId = useId()

  const confirm = useCallback(
    (request: ConfirmRequest) => new Promise<boolean>((resolve) => setPending({ ...request, resolve })),
    [],
  )

  useEffect(() => {
    if (pending && dialog.current && !dialog.current.open) dialog.current.showModal()
  }, [pending])

  const close = (ok: boolean) => {
    pending?.resolve(ok)
    setPending(undefined)
    dialog.current?.close()
  }

  return (
    <ConfirmContext.Provider value={confirm}>
      {props.children}
      <dialog
        ref={dialog}
        className="dialog"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        onCancel={(event) => {
          event.preventDefault()
          close(false)
        }}
      >
        {pending && (
          <form
            method="dialog"
            onSubmit={(event) => {
              event.preventDefault()
              close(true)
            }}
          >
            <h2 id={titleId}>{pending.title}</h2>
            <div id={messageId} className="dialog__message">
              {pending.message}
            </div>
            <div className="dialog__actions">
              {/* The first button gets focus when the dialog opens: the safe choice. */}
              <button type="button" className="fs-button fs-button--secondary" onClick={() => close(false)}>
                Keep it
              </button>
              <button
                type="submit"
                className={`fs-button ${pending.destructive ? 'fs-button--danger' : 'fs-button--primary'}`}
              >
                {pending.confirmLabel}
              </button>
            </div>
          </form>
        )}
      </dialog>
    </ConfirmContext.Provider>
  )
}
