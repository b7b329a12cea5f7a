import loaders from '@fanshelf/api-reference-tryit'
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useReaderContext } from '../../../../src/reader-context/index.ts'
import type { TryItOperation } from '../../lib/tryit-types.ts'
import { contextCall } from './context-call.ts'
import { CredentialFields, ParameterFields } from './fields.tsx'
import {
  describeChange,
  describeOAuthSetup,
  describeSetup,
  initialDraft,
  isWrite,
  oauthSetupOf,
  prepareBody,
  runOAuthSetup,
  runSetup,
  setupOf,
  uniqueSuffix,
} from './plans.ts'
import {
  type BuiltRequest,
  buildRequest,
  type Credentials,
  type DemoCredentials,
  type Draft,
  localHostnames,
  parseDemoCredentials,
  toCurl,
} from './request.ts'
import { RequestView, ResponseView, type Result } from './results.tsx'
import styles from './styles.module.css'

/**
 * The try-it console (a lazily loaded chunk). Sends the operation to the configured server — by
 * default the origin serving this page (`/open-api/v1.0/…`, `/v1/…`) — with credentials that are
 * kept in this tab's sessionStorage only and masked wherever the request is shown.
 *
 * On a local demo install the reader context (src/reader-context) fills the credentials, the
 * parameters and the body's ids with the demo shop's live values, so the first press succeeds;
 * writes ask for confirmation first and say what they change (plans.ts).
 */

const credentialsKey = 'fanshelf.try-it.credentials'
const serverKey = 'fanshelf.try-it.server'

function readSession<T>(key: string): T | undefined {
  try {
    const raw = window.sessionStorage.getItem(key)
    return raw ? (JSON.parse(raw) as T) : undefined
  } catch {
    return undefined
  }
}

function writeSession(key: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(value))
  } catch {
    // Storage unavailable (private mode, iframe): the console still works for this page.
  }
}

let demoCredentials: Promise<DemoCredentials | undefined> | undefined

/**
 * The local server (npm start) may offer its demo shop's credentials to pages served from
 * localhost at /admin/api/demo-credentials. Asked once per page load, only on a loopback host;
 * any failure (404 before that endpoint exists, or on a deployed site) hides the button.
 */
function loadDemoCredentials(): Promise<DemoCredentials | undefined> {
  if (!localHostnames.has(window.location.hostname)) return Promise.resolve(undefined)
  demoCredentials ??= fetch('/admin/api/demo-credentials', { headers: { Accept: 'application/json' } })
    .then(async (response) => (response.ok ? parseDemoCredentials(await response.json()) : undefined))
    .catch(() => undefined)
  return demoCredentials
}

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

function Console({ operation, onClose }: { operation: TryItOperation; onClose: () => void }): ReactNode {
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const [server, setServer] = useState(
    () => readSession<Record<string, string>>(serverKey)?.[operation.basePath] ?? operation.basePath,
  )
  const [alternative, setAlternative] = useState(operation.security.length > 0 ? 0 : -1)
  const [credentials, setCredentials] = useState<Credentials>(() => readSession<Credentials>(credentialsKey) ?? {})
  const reader = useReaderContext()
  const [suffix, setSuffix] = useState(() => uniqueSuffix())
  const [values, setValues] = useState<Record<string, string>>(() => initialDraft(operation, undefined, suffix).values)
  const [body, setBody] = useState(() => initialDraft(operation, undefined, suffix).body)
  /** The reader edited a field: live values no longer replace what they typed. */
  const edited = useRef(false)
  /** The reader typed or filled credentials: live values never replace them. */
  const credentialsTyped = useRef(false)
  const [confirming, setConfirming] = useState<string>()
  const confirmButton = useRef<HTMLButtonElement>(null)
  const sendButton = useRef<HTMLButtonElement>(null)
  const [demo, setDemo] = useState<DemoCredentials>()
  const [problem, setProblem] = useState<string>()
  const [sent, setSent] = useState<BuiltRequest>()
  const [result, setResult] = useState<Result>()
  const [busy, setBusy] = useState(false)
  const [copied, setCopied] = useState(false)

  useEffect(() => {
    heading.current?.focus()
    let cancelled = false
    void loadDemoCredentials().then((found) => !cancelled && setDemo(found))
    return () => {
      cancelled = true
    }
  }, [])

  // Live values from the reader context, once it has loaded (and only while nothing was typed).
  useEffect(() => {
    if (!reader || edited.current) return
    const context = reader.values
    const next = initialDraft(operation, context, suffix)
    setValues(next.values)
    setBody(next.body)
    setCredentials((current) => {
      if (credentialsTyped.current) return current
      if (current.username || current.password || current.bearer || Object.values(current.keys ?? {}).some(Boolean))
        return current
      const keys: Record<string, string> = {}
      for (const alternativeSchemes of operation.security)
        for (const scheme of alternativeSchemes)
          if (scheme.name && context.FANSHELF_STOREFRONT_TOKEN) keys[scheme.name] = context.FANSHELF_STOREFRONT_TOKEN
      return {
        ...(context.FANSHELF_API_USER ? { username: context.FANSHELF_API_USER } : {}),
        ...(context.FANSHELF_API_PASSWORD ? { password: context.FANSHELF_API_PASSWORD } : {}),
        keys,
      }
    })
    let cancelled = false
    void prepareBody(operation, context, suffix, contextCall(context))
      .then((prepared) => {
        if (!cancelled && prepared !== undefined && !edited.current) setBody(prepared)
      })
      .catch(() => undefined)
    return () => {
      cancelled = true
    }
  }, [reader, operation, suffix])

  useEffect(() => {
    if (confirming !== undefined) confirmButton.current?.focus()
  }, [confirming])

  const editValues = (next: Record<string, string>) => {
    edited.current = true
    setValues(next)
  }
  const editBody = (next: string) => {
    edited.current = true
    setBody(next)
  }

  const setup = setupOf(operation.operationId)
  const setupKey = setup && operation.parameters.find((parameter) => parameter.name === setup.parameter)
  const setupNeeded =
    !!setup && !!setupKey && !!reader && (values[`${setupKey.in}:${setupKey.name}`] ?? '').trim() === ''
  // The OAuth token endpoints: a fresh code of the demo app on every press (unless the reader edited the body).
  const oauthSetup = oauthSetupOf(operation.operationId)
  const oauthSetupNeeded = !!oauthSetup && !!reader?.values.FANSHELF_CLIENT_ID && !edited.current
  const write = isWrite(operation, setupNeeded || oauthSetupNeeded)

  const draft: Draft = { server, alternative, values, body }

  const updateCredentials = (update: (current: Credentials) => Credentials) => {
    credentialsTyped.current = true
    setCredentials(update)
  }
  // What the reader typed is kept for this tab (live values from the reader context are not).
  useEffect(() => {
    if (credentialsTyped.current) writeSession(credentialsKey, credentials)
  }, [credentials])
  const updateServer = (next: string) => {
    setServer(next)
    writeSession(serverKey, { ...readSession<Record<string, string>>(serverKey), [operation.basePath]: next })
  }

  let preview: BuiltRequest | undefined
  let previewError: string | undefined
  if (!setupNeeded) {
    try {
      preview = buildRequest(operation, draft, credentials)
    } catch (error) {
      previewError = (error as Error).message
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setProblem(undefined)
    if (!write) {
      void send(draft)
      return
    }
    const context = reader?.values ?? {}
    if (oauthSetupNeeded && oauthSetup) {
      setConfirming(describeOAuthSetup(oauthSetup, context))
      return
    }
    const change = describeChange(operation, values, body, reader?.values)
    setConfirming(setupNeeded && setup ? `${describeSetup(setup, context, suffix)} Then: ${change}` : change)
  }

  const confirm = async () => {
    setConfirming(undefined)
    let sending = draft
    if (oauthSetupNeeded && oauthSetup && reader) {
      setBusy(true)
      try {
        const nextBody = await runOAuthSetup(oauthSetup, body, contextCall(reader.values))
        setBody(nextBody)
        sending = { ...draft, body: nextBody }
      } catch (error) {
        setBusy(false)
        setProblem((error as Error).message)
        return
      }
    }
    if (setupNeeded && setup && setupKey && reader) {
      setBusy(true)
      try {
        const created = await runSetup(setup, reader.values, suffix, contextCall(reader.values), window.location.origin)
        const nextValues = { ...values, [`${setupKey.in}:${setupKey.name}`]: created }
        setValues(nextValues)
        sending = { ...draft, values: nextValues }
      } catch (error) {
        setBusy(false)
        setProblem((error as Error).message)
        return
      }
    }
    await send(sending)
    // A second press creates fresh objects (unique names and codes).
    if (!edited.current) setSuffix(uniqueSuffix())
    sendButton.current?.focus()
  }

  const cancel = () => {
    setConfirming(undefined)
    sendButton.current?.focus()
  }

  const send = async (sending: Draft) => {
    let request: BuiltRequest
    try {
      request = buildRequest(operation, sending, credentials)
    } catch (error) {
      setProblem((error as Error).message)
      return
    }
    setBusy(true)
    setSent(request)
    const started = performance.now()
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body !== undefined ? { body: request.body } : {}),
        credentials: 'omit',
        cache: 'no-store',
      })
      const text = await response.text()
      const ms = Math.round(performance.now() - started)
      let pretty = text
      try {
        pretty = text ? JSON.stringify(JSON.parse(text), null, 2) : ''
      } catch {
        // Not JSON: show as is.
      }
      setResult({
        status: response.status,
        statusText: response.statusText,
        ms,
        headers: [...response.headers.entries()],
        body: pretty,
      })
    } catch (error) {
      setResult(undefined)
      setProblem(
        `The request failed before an answer arrived (${(error as Error).message}). Is the server running and reachable from this page?`,
      )
    } finally {
      setBusy(false)
    }
  }

  const fillDemo = () => {
    if (!demo) return
    updateCredentials((current) => {
      const keys = { ...current.keys }
      for (const alternativeSchemes of operation.security) {
        for (const scheme of alternativeSchemes)
          if (scheme.name && demo.storefrontToken) keys[scheme.name] = demo.storefrontToken
      }
      return {
        ...current,
        ...(demo.username !== undefined ? { username: demo.username } : {}),
        ...(demo.password !== undefined ? { password: demo.password } : {}),
        ...(demo.bearer !== undefined ? { bearer: demo.bearer } : {}),
        keys,
      }
    })
  }

  const copyCurl = async () => {
    if (!preview) return
    await navigator.clipboard.writeText(toCurl(operation, draft, preview, window.location.href))
    setCopied(true)
    window.setTimeout(() => setCopied(false), 1500)
  }

  const shown = sent ?? preview
  return (
    <section className={styles.console} aria-labelledby={`${id}-title`} data-reader-context={reader ? 'live' : 'none'}>
      <div className={styles.bar}>
        <h4 id={`${id}-title`} ref={heading} tabIndex={-1}>
          Try it: {operation.method} {operation.path}
        </h4>
        <button type="button" className={styles.secondary} onClick={onClose}>
          Close
        </button>
      </div>
      <form onSubmit={submit}>
        <div className={styles.field}>
          <label htmlFor={`${id}-server`}>Server</label>
          <input
            id={`${id}-server`}
            value={server}
            onChange={(event) => updateServer(event.target.value)}
            spellCheck={false}
          />
          <small>
            {server.startsWith('/') ? 'This site’s own server.' : 'Requests go to this server.'} Documented:{' '}
            {operation.servers.map((url, index) => (
              <span key={url}>
                {index > 0 && ', '}
                <button type="button" className={styles.link} onClick={() => updateServer(url)}>
                  {url}
                </button>
              </span>
            ))}
            {operation.basePath !== server && (
              <>
                {', '}
                <button type="button" className={styles.link} onClick={() => updateServer(operation.basePath)}>
                  {operation.basePath || '/'} (this site)
                </button>
              </>
            )}
          </small>
        </div>

        {operation.security.length > 0 && (
          <CredentialFields
            id={id}
            operation={operation}
            alternative={alternative}
            onAlternative={setAlternative}
            credentials={credentials}
            onChange={updateCredentials}
            onFillDemo={demo ? fillDemo : undefined}
          />
        )}

        {operation.parameters.length > 0 && (
          <ParameterFields
            id={id}
            operation={operation}
            values={values}
            onChange={editValues}
            createdOnSend={setupNeeded ? setup?.parameter : undefined}
          />
        )}

        {operation.body && (
          <div className={styles.field}>
            <label htmlFor={`${id}-body`}>
              Body <span className={styles.hint}>{operation.body.mediaType}</span>
            </label>
            <textarea
              id={`${id}-body`}
              rows={Math.min(16, Math.max(4, body.split('\n').length + 1))}
              value={body}
              spellCheck={false}
              onChange={(event) => editBody(event.target.value)}
            />
          </div>
        )}

        <div className={styles.actions}>
          <button type="submit" ref={sendButton} className={styles.primary} disabled={busy || confirming !== undefined}>
            {busy ? 'Sending…' : 'Send request'}
          </button>
          <button type="button" className={styles.secondary} onClick={copyCurl} disabled={!preview}>
            {copied ? 'Copied' : 'Copy as curl'}
          </button>
        </div>
      </form>

      {confirming !== undefined && (
        <div
          className={styles.confirm}
          role="alertdialog"
          aria-labelledby={`${id}-confirm-title`}
          aria-describedby={`${id}-confirm-text`}
        >
          <p id={`${id}-confirm-title`} className={styles.label}>
            This request changes the shop
          </p>
          <p id={`${id}-confirm-text`}>{confirming}</p>
          <div className={styles.actions}>
            <button type="button" ref={confirmButton} className={styles.primary} onClick={() => void confirm()}>
              Send it
            </button>
            <button type="button" className={styles.secondary} onClick={cancel}>
              Cancel
            </button>
          </div>
        </div>
      )}

      {(problem ?? previewError) && (
        <p className={styles.error} role="alert">
          {problem ?? previewError}
        </p>
      )}

      {shown && <RequestView request={shown} />}

      <div aria-live="polite">{result && <ResponseView operation={operation} result={result} />}</div>
    </section>
  )
}
