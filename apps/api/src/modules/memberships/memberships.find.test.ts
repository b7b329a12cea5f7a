import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MembersTable } from '../../db/schema.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'

// `findMemberWithSubscription` (used by `fanshelf trigger` to change or expire a subscription).

let platform: TestPlatform

/** Changed before anything the seed writes, so that they are the least recently changed. */
function member(id: string, type: MembersTable['subscription_type'], updatedAt: string, shopId?: string): MembersTable {
  return {
    id,
    shop_id: shopId ?? platform.demo.id,
    email: `member.${id}@example.com`,
    nickname: `member_${id}`,
    subscription_type: type,
    variant_id: null,
    created_at: updatedAt,
    updated_at: updatedAt,
  }
}

beforeAll(async () => {
  platform = await createTestPlatform()
  await platform.app.platform.services.db
    .insertInto('members')
    .values([
      member('98000001', 'ACTIVE', '2000-01-02T00:00:00.000Z'),
      member('98000002', 'CANCELLED', '2000-01-03T00:00:00.000Z'),
      member('98000003', 'CANCELLED', '2000-01-04T00:00:00.000Z'),
      member('98000004', 'ACTIVE', '1999-01-01T00:00:00.000Z', platform.other.id),
    ])
    .execute()
})
afterAll(() => platform.close())

describe('a member with a subscription of the given types', () => {
  it('is of the first type any member has, the one changed least recently, of the shop only', async () => {
    const { memberships } = platform.app.platform.services
    const shopId = platform.demo.id
    expect(await memberships.findMemberWithSubscription(shopId, ['ACTIVE'])).toBe('98000001')
    expect(await memberships.findMemberWithSubscription(shopId, ['CANCELLED', 'ACTIVE'])).toBe('98000002')
    expect(await memberships.findMemberWithSubscription(shopId, ['ACTIVE', 'CANCELLED'])).toBe('98000001')
    expect(await memberships.findMemberWithSubscription(platform.other.id, ['ACTIVE'])).toBe('98000004')
  })

  it('is none when no member of the shop has any of the types', async () => {
    const { memberships } = platform.app.platform.services
    expect(await memberships.findMemberWithSubscription('sh_nope', ['ACTIVE', 'CANCELLED'])).toBeUndefined()
    expect(await memberships.findMemberWithSubscription(platform.demo.id, [])).toBeUndefined()
  })
})
