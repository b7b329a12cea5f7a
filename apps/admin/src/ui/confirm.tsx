import { Button, Dialog } from '@fanshelf/ui'
import { createContext, type ReactNode, useCallback, useContext, useState } from 'react'

/**
 * Every destructive action asks first: `const confirm = useConfirm(); if (await confirm({…}))`.
 * The design system's Dialog (a native modal <dialog>): focus moves into it, Tab stays inside,
 * Escape cancels, focus returns to the button that asked; the page behind is inert.
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

  const confirm = useCallback(
    (request: ConfirmRequest) => new Promise<boolean>((resolve) => setPending({ ...request, resolve })),
    [],
  )

  const close = (ok: boolean) => {
    pending?.resolve(ok)
    setPending(undefined)
  }

  return (
    <ConfirmContext.Provider value={confirm}>
      {props.children}
      <Dialog
        open={pending !== undefined}
        title={pending?.title}
        onClose={() => close(false)}
        actions={
          <>
            {/* The first button gets focus when the dialog opens: the safe choice. */}
            <Button onClick={() => close(false)}>Keep it</Button>
            <Button variant={pending?.destructive ? 'danger' : 'primary'} onClick={() => close(true)}>
              {pending?.confirmLabel}
            </Button>
          </>
        }
      >
        {pending?.message}
      </Dialog>
    </ConfirmContext.Provider>
  )
}
