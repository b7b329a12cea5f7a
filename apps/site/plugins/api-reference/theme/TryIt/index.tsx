import loaders from '@fanshelf/api-reference-tryit'
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useReaderContext } from '../../../../src/reader-context/index.ts'
import type { TryItOperation } from '../../lib/tryit-types.ts'
import {
  type Call,
  describeChange,
  describeOAuthSetup,
  describeSetup,
  errorGuide,
  initialDraft,
  isWrite,
  oauthSetupOf,
  prepareBody,
  problemOf,
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
  utf8Base64,
} from './request.ts'
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

interface Result {
  status: number
  statusText: string
  ms: number
  headers: Array<[string, string]>
  body: string
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
  const schemes = operation.security[alternative] ?? []

  const updateCredentials = (next: Credentials) => {
    setCredentials(next)
    writeSession(credentialsKey, next)
  }
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
    const keys = { ...credentials.keys }
    for (const alternativeSchemes of operation.security) {
      for (const scheme of alternativeSchemes)
        if (scheme.name && demo.storefrontToken) keys[scheme.name] = demo.storefrontToken
    }
    updateCredentials({
      ...credentials,
      ...(demo.username !== undefined ? { username: demo.username } : {}),
      ...(demo.password !== undefined ? { password: demo.password } : {}),
      ...(demo.bearer !== undefined ? { bearer: demo.bearer } : {}),
      keys,
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
          <fieldset className={styles.fieldset}>
            <legend>Credentials</legend>
            {operation.security.length > 1 && (
              <div className={styles.field}>
                <label htmlFor={`${id}-scheme`}>Authenticate with</label>
                <select
                  id={`${id}-scheme`}
                  value={alternative}
                  onChange={(event) => setAlternative(Number(event.target.value))}
                >
                  {operation.security.map((option, index) => (
                    <option key={option.map((scheme) => scheme.scheme).join('+')} value={index}>
                      {option
                        .map(
                          (scheme) =>
                            `${scheme.scheme}${scheme.scopes.length > 0 ? ` (${scheme.scopes.join(', ')})` : ''}`,
                        )
                        .join(' + ')}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {schemes.map((scheme) =>
              scheme.kind === 'basic' ? (
                <div className={styles.row} key={scheme.scheme}>
                  <div className={styles.field}>
                    <label htmlFor={`${id}-user`}>Username</label>
                    <input
                      id={`${id}-user`}
                      autoComplete="off"
                      spellCheck={false}
                      value={credentials.username ?? ''}
                      onChange={(event) => updateCredentials({ ...credentials, username: event.target.value })}
                    />
                  </div>
                  <div className={styles.field}>
                    <label htmlFor={`${id}-password`}>Password</label>
                    <input
                      id={`${id}-password`}
                      type="password"
                      autoComplete="off"
                      value={credentials.password ?? ''}
                      onChange={(event) => updateCredentials({ ...credentials, password: event.target.value })}
                    />
                  </div>
                </div>
              ) : scheme.kind === 'bearer' ? (
                <div className={styles.field} key={scheme.scheme}>
                  <label htmlFor={`${id}-bearer`}>
                    Access token{scheme.scopes.length > 0 ? ` (scope ${scheme.scopes.join(', ')})` : ''}
                  </label>
                  <input
                    id={`${id}-bearer`}
                    type="password"
                    autoComplete="off"
                    value={credentials.bearer ?? ''}
                    onChange={(event) => updateCredentials({ ...credentials, bearer: event.target.value })}
                  />
                </div>
              ) : (
                <div className={styles.field} key={scheme.scheme}>
                  <label htmlFor={`${id}-key-${scheme.name}`}>
                    {scheme.name === 'storefront_token' ? 'Storefront token' : scheme.name}
                  </label>
                  <input
                    id={`${id}-key-${scheme.name}`}
                    type="password"
                    autoComplete="off"
                    value={credentials.keys?.[scheme.name ?? ''] ?? ''}
                    onChange={(event) =>
                      updateCredentials({
                        ...credentials,
                        keys: { ...credentials.keys, [scheme.name ?? '']: event.target.value },
                      })
                    }
                  />
                </div>
              ),
            )}
            <small>Kept in this browser tab only (session storage); shown masked.</small>
            {demo && (
              <button type="button" className={styles.secondary} onClick={fillDemo}>
                Fill demo credentials
              </button>
            )}
          </fieldset>
        )}

        {operation.parameters.length > 0 && (
          <fieldset className={styles.fieldset}>
            <legend>Parameters</legend>
            {operation.parameters.map((parameter) => {
              const key = `${parameter.in}:${parameter.name}`
              const inputId = `${id}-p-${parameter.in}-${parameter.name.replace(/[^\w-]/g, '_')}`
              const hint = `${parameter.in}, ${parameter.type}${parameter.required ? ', required' : ''}${parameter.array ? ', comma-separated' : ''}`
              return (
                <div className={styles.field} key={key}>
                  <label htmlFor={inputId}>
                    <code>{parameter.name}</code> <span className={styles.hint}>{hint}</span>
                  </label>
                  {parameter.enum && !parameter.array ? (
                    <select
                      id={inputId}
                      value={values[key] ?? ''}
                      onChange={(event) => editValues({ ...values, [key]: event.target.value })}
                    >
                      <option value="">(none)</option>
                      {parameter.enum.map((value) => (
                        <option key={value}>{value}</option>
                      ))}
                    </select>
                  ) : (
                    <input
                      id={inputId}
                      value={values[key] ?? ''}
                      placeholder={
                        setupNeeded && setup?.parameter === parameter.name
                          ? 'created when you send (or type an id)'
                          : parameter.example
                      }
                      spellCheck={false}
                      required={parameter.required && !(setupNeeded && setup?.parameter === parameter.name)}
                      onChange={(event) => editValues({ ...values, [key]: event.target.value })}
                    />
                  )}
                </div>
              )
            })}
          </fieldset>
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

      {shown && (
        <div className={styles.block}>
          <p className={styles.label}>Request</p>
          <pre className={styles.pre}>
            {[
              `${shown.method} ${shown.maskedUrl}`,
              ...shown.maskedHeaders.map(([name, value]) => `${name}: ${value}`),
            ].join('\n')}
            {shown.body !== undefined ? `\n\n${shown.body}` : ''}
          </pre>
        </div>
      )}

      <div aria-live="polite">
        {result && (
          <div className={styles.block} data-testid="try-it-response">
            <p className={styles.label}>
              Response <span className={result.status < 400 ? styles.ok : styles.bad}>{result.status}</span>{' '}
              {result.statusText} · {result.ms} ms
            </p>
            <details>
              <summary>Headers ({result.headers.length})</summary>
              <pre className={styles.pre}>{result.headers.map(([name, value]) => `${name}: ${value}`).join('\n')}</pre>
            </details>
            {result.status >= 400 && <ProblemView operation={operation} result={result} />}
            <pre className={styles.pre}>{result.body || '(empty body)'}</pre>
          </div>
        )}
      </div>
    </section>
  )
}

/** An error answer: its code, message and details, and the guide section that explains it. */
function ProblemView({ operation, result }: { operation: TryItOperation; result: Result }): ReactNode {
  const problem = problemOf(result.body)
  const guide = errorGuide(operation, result.status, problem?.code)
  return (
    <div className={styles.problem} data-testid="try-it-problem">
      {problem?.code && (
        <p>
          <code>{problem.code}</code>
          {problem.message ? ` — ${problem.message}` : ''}
        </p>
      )}
      {!problem?.code && problem?.message && <p>{problem.message}</p>}
      {problem?.details !== undefined && <pre className={styles.pre}>{JSON.stringify(problem.details, null, 2)}</pre>}
      <p>
        Read: <a href={guide.href}>{guide.label}</a>
      </p>
    </div>
  )
}

function basicHeader(username: string, password: string): string {
  return `Basic ${utf8Base64(`${username}:${password}`)}`
}

/** Setup and preparation requests to this origin, with the reader context's credentials. */
function contextCall(context: Readonly<Record<string, string>>): Call {
  return async (method, path, body, auth) => {
    const headers: Record<string, string> = { Accept: 'application/json' }
    let url = path
    if (auth === 'basic') {
      headers.Authorization = basicHeader(context.FANSHELF_API_USER ?? '', context.FANSHELF_API_PASSWORD ?? '')
    } else if (auth === 'storefront') {
      url += `${url.includes('?') ? '&' : '?'}storefront_token=${encodeURIComponent(context.FANSHELF_STOREFRONT_TOKEN ?? '')}`
    }
    if (body !== undefined) headers['Content-Type'] = 'application/json'
    const response = await fetch(url, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      credentials: 'omit',
      cache: 'no-store',
    })
    const text = await response.text()
    let json: unknown
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: response.status, json }
  }
}
