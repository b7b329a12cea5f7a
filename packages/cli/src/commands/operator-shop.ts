import { createShopService, DomainError, type openDatabase, type SecretBox } from '@fanshelf/api'

/**
 * The shop an operator command names, looked up through the API's shop service: its id, or
 * undefined after telling the operator it does not exist.
 */
export async function operatorShop(
  database: ReturnType<typeof openDatabase>,
  secretBox: SecretBox,
  shopId: string,
  command: string,
  err: (text: string) => void,
): Promise<string | undefined> {
  try {
    return (await createShopService(database.db, secretBox).getShop(shopId)).id
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'SHOP_NOT_FOUND') throw error
    err(`fanshelf ${command}: shop ${shopId} does not exist (see fanshelf demo-credentials).\n`)
    return undefined
  }
}
