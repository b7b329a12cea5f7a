import { type DomainError, notFound } from '../../errors/domain-error.js'

export function giveawayPackageNotFound(packageId: string): DomainError {
  return notFound('GIVEAWAY_PACKAGE_NOT_FOUND', `Giveaway link package ${packageId} was not found.`, { packageId })
}

export function giveawayLinkNotFound(giftId: string): DomainError {
  return notFound('GIVEAWAY_LINK_NOT_FOUND', `Giveaway link ${giftId} was not found.`, { giftId })
}
