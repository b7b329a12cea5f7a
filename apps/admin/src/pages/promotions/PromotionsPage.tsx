import { Table } from '@fanshelf/ui'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { get, post } from '../../api/client.ts'
import type { Money, Page, Promotion, PromotionAction } from '../../api/types.ts'
import { useConfirm } from '../../ui/confirm.tsx'
import { formatMoney, humanize } from '../../ui/format.ts'
import { Badge, EmptyState, ErrorMessage, Loading, Notice, PageHeader, Pagination } from '../../ui/parts.tsx'
import { usePageParam } from '../../ui/url-state.ts'

/** A promotion's discount in words: `15% off`, `$10.00 off + free shipping`, … */
export function discountSummary(promotion: Promotion): string {
  const discount = promotion.discount as Record<string, unknown>
  switch (discount.type) {
    case 'PERCENTAGE':
      return `${String(discount.percentage)}% off`
    case 'FLAT_RATE':
      return `${formatMoney(discount.money as Money)} off${discount.freeShipping ? ' + free shipping' : ''}`
    case 'FREE_SHIPPING':
      return discount.lowestOnly ? 'Free cheapest shipping' : 'Free shipping'
    case 'FREE_PRODUCTS':
      return `Free products (${humanize(String((discount.freeProductsType as { type?: string } | undefined)?.type))})`
    default:
      return humanize(String(discount.type))
  }
}

function codesOf(promotion: Promotion): string {
  if ('codes' in promotion) {
    const codes = promotion.codes as { code: string }[]
    return codes.length <= 2 ? codes.map((c) => c.code).join(', ') : `${codes[0]?.code} and ${codes.length - 1} more`
  }
  return 'code' in promotion && promotion.code ? String(promotion.code) : 'Automatic'
}

const actionLabels: Record<PromotionAction, string> = { end: 'End', resume: 'Resume', archive: 'Archive' }

export function Component() {
  const [page, setPage] = usePageParam()
  const client = useQueryClient()
  const confirm = useConfirm()
  const [notice, setNotice] = useState<string | undefined>()
  const promotions = useQuery({
    queryKey: ['promotions', page],
    queryFn: () => get<Page<Promotion>>('/promotions', { page, size: 20 }),
    placeholderData: keepPreviousData,
  })
  const change = useMutation({
    mutationFn: (input: { promotion: Promotion; action: PromotionAction }) =>
      post<Promotion>(`/promotions/${encodeURIComponent(input.promotion.id)}/status`, { action: input.action }),
    onSuccess: (updated) => {
      setNotice(`${updated.title ?? 'Promotion'} is now ${humanize(updated.status)}.`)
      void client.invalidateQueries({ queryKey: ['promotions'] })
    },
    onError: (error) => setNotice(error.message),
  })

  return (
    <>
      <PageHeader
        title="Promotions"
        description="Discount codes for the shop and for memberships."
        actions={
          <Link className="fs-button fs-button--primary" to="new">
            New promotion
          </Link>
        }
      />
      <Notice message={notice} onDismiss={() => setNotice(undefined)} />
      {promotions.isPending ? (
        <Loading />
      ) : promotions.isError ? (
        <ErrorMessage error={promotions.error} />
      ) : promotions.data.total === 0 ? (
        <EmptyState
          title="No promotions yet"
          action={
            <Link className="fs-button fs-button--primary" to="new">
              New promotion
            </Link>
          }
        >
          Create a code customers enter at checkout — a percentage or amount off, free shipping or free products — or a
          discount on memberships.
        </EmptyState>
      ) : (
        <>
          <Table
            label="Promotions"
            narrow="cards"
            rows={promotions.data.results}
            rowKey={(promotion) => promotion.id}
            columns={[
              {
                header: 'Promotion',
                cell: (promotion) => (
                  <span>
                    {promotion.title ?? codesOf(promotion)}
                    <span className="muted small block">
                      <code>{codesOf(promotion)}</code>
                    </span>
                  </span>
                ),
              },
              { header: 'Type', cell: (promotion) => humanize(promotion.type) },
              { header: 'Discount', cell: (promotion) => discountSummary(promotion) },
              {
                header: 'Status',
                cell: (promotion) => (
                  <Badge value={promotion.status} label={promotion.status === 'AllUsed' ? 'All used' : undefined} />
                ),
              },
              { header: 'Uses', cell: (promotion) => promotion.usageCount, numeric: true },
              {
                header: 'Actions',
                hiddenHeader: true,
                cell: (promotion) => (
                  <span className="cell-actions">
                    {promotion.allowedActions.map((action) => (
                      <button
                        key={action}
                        type="button"
                        className={`fs-button fs-button--small ${action === 'archive' ? 'fs-button--danger' : 'fs-button--secondary'}`}
                        disabled={change.isPending}
                        onClick={async () => {
                          const name = promotion.title ?? codesOf(promotion)
                          const ok =
                            action === 'resume' ||
                            (await confirm({
                              title: `${actionLabels[action]} ${name}?`,
                              message:
                                action === 'archive'
                                  ? 'Archived promotions can never be used or resumed again.'
                                  : 'Customers can no longer use its codes until you resume it.',
                              confirmLabel: `${actionLabels[action]} promotion`,
                              destructive: true,
                            }))
                          if (ok) change.mutate({ promotion, action })
                        }}
                      >
                        {actionLabels[action]}
                        <span className="visually-hidden"> {promotion.title ?? codesOf(promotion)}</span>
                      </button>
                    ))}
                  </span>
                ),
              },
            ]}
          />
          <Pagination {...promotions.data} onPage={setPage} label="Promotion pages" />
        </>
      )}
    </>
  )
}
