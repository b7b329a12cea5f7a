import type { ShopPrincipal } from '../../http/principal.js'
import type { Handlers } from '../../http/typed-handlers.js'
import { pageRequest } from '../paging/paging.js'
import type { MailingListService } from './mailing-list.service.js'

export function mailingListHandlers(
  mailingList: MailingListService,
): Handlers<'listMailingListEntries', ShopPrincipal> {
  return {
    listMailingListEntries: ({ auth, query }) => mailingList.listEntriesJson(auth.shopId, pageRequest(query)),
  }
}
