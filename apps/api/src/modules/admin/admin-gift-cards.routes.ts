import type { AdminRes } from '@fanshelf/contract'
import type { FastifyInstance } from 'fastify'
import type { Money } from '../money/money.js'
import { pageRequest } from '../paging/paging.js'
import type { AdminParsers } from './admin-contract.js'
import type { AdminAccess } from './admin-http.js'

/**
 * Gift cards: the shop's cards (codes masked) and issuing one — any admin of the shop, staff
 * included (running the shop, like promotions); the answer holds the full code, shown once.
 */
export function adminGiftCardRoutes(access: AdminAccess, parse: AdminParsers) {
  return async (app: FastifyInstance): Promise<void> => {
    const { services } = app.platform

    app.get('/admin/api/gift-cards', async (request, reply) => {
      const session = await access.read(request, reply, 'giftCards.read')
      const query = parse.page(request.query)
      return (await services.giftCards.listGiftCards(
        session.shopId,
        pageRequest(query),
      )) satisfies AdminRes<'listAdminGiftCards'>
    })

    app.post('/admin/api/gift-cards', async (request, reply) => {
      const session = await access.write(request, reply, 'giftCards.issue')
      const body = parse.giftCard<{ amount: Money }>(request.body)
      const issued = await services.giftCards.issueGiftCard(session.shopId, {
        amount: body.amount,
        issuedBy: session.email,
      })
      return reply.code(201).send(issued satisfies AdminRes<'issueAdminGiftCard'>)
    })
  }
}
