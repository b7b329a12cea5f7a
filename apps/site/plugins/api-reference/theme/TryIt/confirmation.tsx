import type { ReactNode, RefObject } from 'react'
import styles from './styles.module.css'

/** Asks before a write: says in plain words what sending changes (and what is created first). */
export function Confirmation({
  id,
  text,
  buttonRef,
  onConfirm,
  onCancel,
}: {
  id: string
  text: string
  buttonRef: RefObject<HTMLButtonElement | null>
  onConfirm: () => Promise<void>
  onCancel: () => void
}): ReactNode {
  return (
    <div
      className={styles.confirm}
      role="alertdialog"
      aria-labelledby={`${id}-confirm-title`}
      aria-describedby={`${id}-confirm-text`}
    >
      <p id={`${id}-confirm-title`} className={styles.label}>
        This request changes the shop
      </p>
      <p id={`${id}-confirm-text`}>{text}</p>
      <div className={styles.actions}>
        <button type="button" ref={buttonRef} className={styles.primary} onClick={() => void onConfirm()}>
          Send it
        </button>
        <button type="button" className={styles.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  )
}
