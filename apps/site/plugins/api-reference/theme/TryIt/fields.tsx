import type { ReactNode } from 'react'
import type { TryItOperation } from '../../lib/tryit-types.ts'
import type { Credentials } from './request.ts'
import styles from './styles.module.css'

/** The credentials of the operation's security alternatives (kept in this tab's session only). */
export function CredentialFields({
  id,
  operation,
  alternative,
  onAlternative,
  credentials,
  onChange,
  onFillDemo,
}: {
  id: string
  operation: TryItOperation
  alternative: number
  onAlternative: (alternative: number) => void
  credentials: Credentials
  /** Receives a function of the current credentials: two quick edits never overwrite each other. */
  onChange: (update: (current: Credentials) => Credentials) => void
  /** Offered on a local server with demo credentials. */
  onFillDemo: (() => void) | undefined
}): ReactNode {
  const schemes = operation.security[alternative] ?? []
  return (
    <fieldset className={styles.fieldset}>
      <legend>Credentials</legend>
      {operation.security.length > 1 && (
        <div className={styles.field}>
          <label htmlFor={`${id}-scheme`}>Authenticate with</label>
          <select
            id={`${id}-scheme`}
            value={alternative}
            onChange={(event) => onAlternative(Number(event.target.value))}
          >
            {operation.security.map((option, index) => (
              <option key={option.map((scheme) => scheme.scheme).join('+')} value={index}>
                {option
                  .map(
                    (scheme) => `${scheme.scheme}${scheme.scopes.length > 0 ? ` (${scheme.scopes.join(', ')})` : ''}`,
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
                onChange={(event) => {
                  const username = event.target.value
                  onChange((current) => ({ ...current, username }))
                }}
              />
            </div>
            <div className={styles.field}>
              <label htmlFor={`${id}-password`}>Password</label>
              <input
                id={`${id}-password`}
                type="password"
                autoComplete="off"
                value={credentials.password ?? ''}
                onChange={(event) => {
                  const password = event.target.value
                  onChange((current) => ({ ...current, password }))
                }}
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
              onChange={(event) => {
                const bearer = event.target.value
                onChange((current) => ({ ...current, bearer }))
              }}
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
              onChange={(event) => {
                const value = event.target.value
                onChange((current) => ({ ...current, keys: { ...current.keys, [scheme.name ?? '']: value } }))
              }}
            />
          </div>
        ),
      )}
      <small>Kept in this browser tab only (session storage); shown masked.</small>
      {onFillDemo && (
        <button type="button" className={styles.secondary} onClick={onFillDemo}>
          Fill demo credentials
        </button>
      )}
    </fieldset>
  )
}

/** The operation's parameters; `createdOnSend` names one the console creates on send when left empty. */
export function ParameterFields({
  id,
  operation,
  values,
  onChange,
  createdOnSend,
}: {
  id: string
  operation: TryItOperation
  values: Record<string, string>
  onChange: (values: Record<string, string>) => void
  createdOnSend: string | undefined
}): ReactNode {
  return (
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
                onChange={(event) => onChange({ ...values, [key]: event.target.value })}
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
                  createdOnSend === parameter.name ? 'created when you send (or type an id)' : parameter.example
                }
                spellCheck={false}
                required={parameter.required && createdOnSend !== parameter.name}
                onChange={(event) => onChange({ ...values, [key]: event.target.value })}
              />
            )}
          </div>
        )
      })}
    </fieldset>
  )
}

/** The server requests go to: this site's own origin by default, or one the contract documents. */
export function ServerField({
  id,
  operation,
  server,
  onChange,
}: {
  id: string
  operation: TryItOperation
  server: string
  onChange: (server: string) => void
}): ReactNode {
  return (
    <div className={styles.field}>
      <label htmlFor={`${id}-server`}>Server</label>
      <input id={`${id}-server`} value={server} onChange={(event) => onChange(event.target.value)} spellCheck={false} />
      <small>
        {server.startsWith('/') ? 'This site’s own server.' : 'Requests go to this server.'} Documented:{' '}
        {operation.servers.map((url, index) => (
          <span key={url}>
            {index > 0 && ', '}
            <button type="button" className={styles.link} onClick={() => onChange(url)}>
              {url}
            </button>
          </span>
        ))}
        {operation.basePath !== server && (
          <>
            {', '}
            <button type="button" className={styles.link} onClick={() => onChange(operation.basePath)}>
              {operation.basePath || '/'} (this site)
            </button>
          </>
        )}
      </small>
    </div>
  )
}
