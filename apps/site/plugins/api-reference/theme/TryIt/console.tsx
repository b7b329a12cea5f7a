import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useReaderContext } from '../../../../src/reader-context/index.ts'
import type { TryItOperation } from '../../lib/tryit-types.ts'
import { describeChange } from './change-description.ts'
import { Confirmation } from './confirmation.tsx'
import { contextCall } from './context-call.ts'
import { loadDemoCredentials, withContextCredentials, withDemoCredentials } from './demo-credentials.ts'
import { CredentialFields, ParameterFields, ServerField } from './fields.tsx'
import { describeOAuthSetup, oauthSetupOf, runOAuthSetup } from './oauth-setup.ts'
import { initialDraft, isWrite, prepareBody, uniqueSuffix } from './plans.ts'
import {
  type BuiltRequest,
  buildRequest,
  type Credentials,
  type DemoCredentials,
  type Draft,
  toCurl,
} from './request.ts'
import { RequestView, ResponseView, type Result } from './results.tsx'
import { fetchResult } from './send.ts'
import { credentialsKey, readSession, serverKey, writeSession } from './session-storage.ts'
import { describeSetup, runSetup, setupOf } from './setups.ts'
import styles from './styles.module.css'

/** The console of one operation: server, credentials, parameters, body; confirmation of writes; the answer. */
export function Console({ operation, onClose }: { operation: TryItOperation; onClose: () => void }): ReactNode {
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
    setCredentials((current) =>
      credentialsTyped.current ? current : withContextCredentials(current, operation, context),
    )
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
    try {
      setResult(await fetchResult(request))
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
    updateCredentials((current) => withDemoCredentials(current, operation, demo))
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
        <ServerField id={id} operation={operation} server={server} onChange={updateServer} />

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
        <Confirmation id={id} text={confirming} buttonRef={confirmButton} onConfirm={confirm} onCancel={cancel} />
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
