import type { HandlerTable, OperationContext } from '../../http/operation-router.js'
import type { ShopPrincipal } from '../../http/principal.js'
import { pageRequest } from '../paging/paging.js'
import type { MailingListService } from './mailing-list.service.js'

type ListCtx = OperationContext<Record<string, never>, { page?: number; size?: number }, undefined, ShopPrincipal>

export function mailingListHandlers(mailingList: MailingListService): HandlerTable {
  return {
    listMailingListEntries: ({ auth, query }: ListCtx) => mailingList.listEntries(auth.shopId, pageRequest(query)),
  }
}
