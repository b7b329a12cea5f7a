import { giftCard as validateGiftCard } from 'virtual:fanshelf-contract'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { get, post } from '../../api/client.ts'
import { useShop } from '../../api/session.ts'
import type { GiftCard, Page } from '../../api/types.ts'
import { applyServerError, contractResolver, numberOf } from '../../forms/contract-form.ts'
import { Field, FormAlert } from '../../forms/Field.tsx'
import { formatDateTime, formatMoney } from '../../ui/format.ts'
import { CopyButton, EmptyState, ErrorMessage, Loading, PageHeader, Pagination, TableWrap } from '../../ui/parts.tsx'
import { usePageParam } from '../../ui/url-state.ts'

interface NewGiftCard {
  amount: string
}

/** `/amount/value` → `amount`: the form has one field for the whole Money. */
function fieldOf(pointer: string): 'amount' | undefined {
  return pointer.startsWith('/amount') ? 'amount' : undefined
}

/** Gift cards: issue one (any admin; the code is shown once) and the shop's cards with their balances. */
export function Component() {
  const shop = useShop()
  if (shop.isPending) return <Loading />
  if (shop.isError) return <ErrorMessage error={shop.error} />
  return <GiftCards currency={shop.data.currency} />
}

function GiftCards({ currency }: { currency: string }) {
  const [page, setPage] = usePageParam()
  const client = useQueryClient()
  const [issued, setIssued] = useState<GiftCard | undefined>()
  const cards = useQuery({
    queryKey: ['gift-cards', page],
    queryFn: () => get<Page<GiftCard>>('/gift-cards', { page, size: 20 }),
    placeholderData: keepPreviousData,
  })
  const toBody = (values: NewGiftCard) => ({
    amount: { value: numberOf(values.amount), currency },
  })
  const form = useForm<NewGiftCard>({
    defaultValues: { amount: '' },
    resolver: contractResolver(validateGiftCard, toBody, fieldOf),
  })
  const issue = useMutation({
    mutationFn: (values: NewGiftCard) => post<GiftCard>('/gift-cards', toBody(values)),
    onSuccess: (card) => {
      setIssued(card)
      form.reset()
      void client.invalidateQueries({ queryKey: ['gift-cards'] })
    },
    onError: (error) => applyServerError(error, form.setError, fieldOf),
  })
  const { errors } = form.formState

  return (
    <>
      <PageHeader
        title="Gift cards"
        description="A gift card pays for orders at checkout until its balance is spent. Give the code to the customer; it is shown only once."
      />

      {issued?.code && (
        <section className="panel panel--highlight" aria-labelledby="issued-title">
          <h2 id="issued-title">Gift card of {formatMoney(issued.initialBalance)}</h2>
          <p>Copy the code now: it is shown only once. Later it appears as {issued.maskedCode}.</p>
          <p>
            <code data-testid="issued-code">{issued.code}</code> <CopyButton text={issued.code} label="Copy code" />
          </p>
          <button type="button" className="fs-button fs-button--secondary" onClick={() => setIssued(undefined)}>
            I have saved it
          </button>
        </section>
      )}

      <section className="panel" aria-labelledby="issue-title">
        <h2 id="issue-title">Issue a gift card</h2>
        <form className="inline-form" noValidate onSubmit={form.handleSubmit((values) => issue.mutate(values))}>
          <FormAlert messages={[errors.root?.server?.message, errors.root?.contract?.message]} />
          <Field label={`Amount (${currency})`} hint="More than 0, at most 10,000." error={errors.amount?.message}>
            <input type="number" inputMode="decimal" min="0" step="any" {...form.register('amount')} />
          </Field>
          <button type="submit" className="fs-button fs-button--primary" disabled={issue.isPending}>
            {issue.isPending ? 'Issuing…' : 'Issue gift card'}
          </button>
        </form>
      </section>

      <section aria-labelledby="list-title">
        <h2 id="list-title">Issued gift cards</h2>
        {cards.isPending ? (
          <Loading />
        ) : cards.isError ? (
          <ErrorMessage error={cards.error} />
        ) : cards.data.total === 0 ? (
          <EmptyState title="No gift cards yet">Issue one above.</EmptyState>
        ) : (
          <>
            <TableWrap label="Gift cards">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Code</th>
                    <th scope="col">Balance</th>
                    <th scope="col">Issued with</th>
                    <th scope="col">From</th>
                    <th scope="col">Created</th>
                  </tr>
                </thead>
                <tbody>
                  {cards.data.results.map((card) => (
                    <tr key={card.id}>
                      <td>
                        <code>{card.maskedCode}</code>
                      </td>
                      <td>{card.status === 'SPENT' ? 'Spent' : formatMoney(card.balance)}</td>
                      <td>{formatMoney(card.initialBalance)}</td>
                      <td>{card.source.type === 'GIFT' ? 'A Twitch gift' : (card.issuedBy ?? 'Setup')}</td>
                      <td>{formatDateTime(card.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
            <Pagination {...cards.data} onPage={setPage} label="Gift card pages" />
          </>
        )}
      </section>
    </>
  )
}
