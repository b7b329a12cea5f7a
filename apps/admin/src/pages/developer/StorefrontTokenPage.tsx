import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { del, get, post } from '../../api/client.ts'
import { useCan } from '../../api/session.ts'
import type { StorefrontTokenState } from '../../api/types.ts'
import { useConfirm } from '../../ui/confirm.tsx'
import { formatDateTime } from '../../ui/format.ts'
import { CopyButton, EmptyState, ErrorMessage, Loading, Notice, PageHeader } from '../../ui/parts.tsx'

/** The storefront API token (`ptkn_…`): public by design, shipped in storefront code. */
export function Component() {
  const client = useQueryClient()
  const confirm = useConfirm()
  const can = useCan()
  const [notice, setNotice] = useState<string | undefined>()
  const token = useQuery({
    queryKey: ['storefront-token'],
    queryFn: () => get<StorefrontTokenState>('/storefront-token'),
  })
  const update = (state: StorefrontTokenState) => client.setQueryData(['storefront-token'], state)
  const create = useMutation({
    mutationFn: () => post<StorefrontTokenState>('/storefront-token'),
    onSuccess: (state) => {
      update(state)
      setNotice('Token created.')
    },
    onError: (error) => setNotice(error.message),
  })
  const regenerate = useMutation({
    mutationFn: () => post<StorefrontTokenState>('/storefront-token/regenerate'),
    onSuccess: (state) => {
      update(state)
      setNotice('A new token replaced the old one. Update your storefront with it.')
    },
    onError: (error) => setNotice(error.message),
  })
  const revoke = useMutation({
    mutationFn: () => del('/storefront-token'),
    onSuccess: () => {
      update({ token: null })
      setNotice('Token revoked. Storefront API calls now answer 401.')
    },
    onError: (error) => setNotice(error.message),
  })
  const busy = create.isPending || regenerate.isPending || revoke.isPending

  return (
    <>
      <PageHeader
        title="Storefront API"
        description={
          <>
            Headless storefronts pass this token as the <code>storefront_token</code> query parameter on every{' '}
            <code>/v1</code> call. It is public by design: it can only read the catalogue and fill carts.
          </>
        }
      />
      <Notice message={notice} onDismiss={() => setNotice(undefined)} />
      {token.isPending ? (
        <Loading />
      ) : token.isError ? (
        <ErrorMessage error={token.error} />
      ) : token.data.token === null ? (
        <EmptyState
          title="No storefront token"
          action={
            can('storefrontToken.create') && (
              <button
                type="button"
                className="fs-button fs-button--primary"
                disabled={busy}
                onClick={() => create.mutate()}
              >
                Create token
              </button>
            )
          }
        >
          The shop has no active token, so storefront API calls answer 401. Create one to build a storefront.
        </EmptyState>
      ) : (
        <section className="panel" aria-labelledby="token-title">
          <h2 id="token-title">Active token</h2>
          <p className="secret-row">
            <code data-testid="storefront-token">{token.data.token.value}</code>
            <CopyButton text={token.data.token.value} label="Copy token" />
          </p>
          <p className="muted">Created {formatDateTime(token.data.token.createdAt)}</p>
          <div className="button-row">
            {can('storefrontToken.regenerate') && (
              <button
                type="button"
                className="fs-button fs-button--secondary"
                disabled={busy}
                onClick={async () => {
                  const ok = await confirm({
                    title: 'Regenerate the storefront token?',
                    message:
                      'The current token stops working at once; storefronts using it get 401 until you deploy the new one.',
                    confirmLabel: 'Regenerate token',
                    destructive: true,
                  })
                  if (ok) regenerate.mutate()
                }}
              >
                Regenerate
              </button>
            )}
            {can('storefrontToken.revoke') && (
              <button
                type="button"
                className="fs-button fs-button--danger"
                disabled={busy}
                onClick={async () => {
                  const ok = await confirm({
                    title: 'Revoke the storefront token?',
                    message: 'Storefront API calls will answer 401 until you create a new token.',
                    confirmLabel: 'Revoke token',
                    destructive: true,
                  })
                  if (ok) revoke.mutate()
                }}
              >
                Revoke
              </button>
            )}
          </div>
        </section>
      )}
    </>
  )
}
