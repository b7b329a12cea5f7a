import { catalogueAndFanEnums } from './catalogue-and-fan-enums.js'
import type { EnumGroup } from './locations.js'
import { orderAndPromotionEnums } from './order-and-promotion-enums.js'

/** Every enumerated value of spec §3/§4 and where the contracts must allow it. */
export const enumGroups: readonly EnumGroup[] = [...orderAndPromotionEnums, ...catalogueAndFanEnums]
