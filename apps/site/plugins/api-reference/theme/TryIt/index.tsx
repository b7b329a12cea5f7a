import loaders from '@fanshelf/api-reference-tryit'
import { type ReactNode, useEffect, useState } from 'react'
import type { TryItOperation } from '../../lib/tryit-types.ts'
import { Console } from './console.tsx'
import styles from './styles.module.css'

/**
 * The try-it console (a lazily loaded chunk). Sends the operation to the configured server — by
 * default the origin serving this page (`/open-api/v1.0/…`, `/v1/…`) — with credentials that are
 * kept in this tab's sessionStorage only and masked wherever the request is shown.
 *
 * On a local demo install the reader context (src/reader-context) fills the credentials, the
 * parameters and the body's ids with the demo shop's live values, so the first press succeeds;
 * writes ask for confirmation first and say what they change (plans.ts, setups.ts,
 * change-description.ts). The console itself is console.tsx.
 */

export default function TryIt({
  specId,
  operationId,
  onClose,
}: {
  specId: string
  operationId: string
  onClose: () => void
}): ReactNode {
  const [operation, setOperation] = useState<TryItOperation | null>(null)
  const [loadError, setLoadError] = useState<string>()
  useEffect(() => {
    let cancelled = false
    const load = loaders[specId]
    if (!load) {
      setLoadError(`No console data for ${specId}.`)
      return
    }
    load()
      .then((module) => {
        if (cancelled) return
        const found = module.default[operationId]
        if (found) setOperation(found)
        else setLoadError(`No console data for ${operationId}.`)
      })
      .catch((error: unknown) => !cancelled && setLoadError(String(error)))
    return () => {
      cancelled = true
    }
  }, [specId, operationId])

  if (loadError) return <p className={styles.error}>{loadError}</p>
  if (!operation) return <p className="fsr-c">Loading the console…</p>
  return <Console operation={operation} onClose={onClose} />
}
