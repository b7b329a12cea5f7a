import { describe, expect, it } from 'vitest'
import { loadAdminSchemas } from './admin-contract.js'
import {
  adminActionMatrix,
  adminActions,
  assertAllowed,
  auditedActions,
  isAllowed,
  permissionsOf,
} from './admin-permissions.js'

/**
 * The admin role matrix (decision 0027) as data: the contract's `AdminAction` names the same
 * actions, STAFF keep running the shop and nothing else, and a refusal names the action and the
 * role that may take it.
 */

describe('the admin role matrix', () => {
  it('is what admin-api.yaml declares as AdminAction, in the same order', async () => {
    const schemas = await loadAdminSchemas()
    expect(schemas.AdminAction?.enum).toEqual(adminActions)
  })

  it('leaves STAFF the shop (catalogue and its images, promotions, orders, fulfilments, gift cards) and their own password', () => {
    expect(permissionsOf('STAFF')).toEqual([
      'shop.read',
      'shopSettings.read',
      'products.read',
      'products.write',
      'media.read',
      'media.upload',
      'promotions.read',
      'promotions.write',
      'orders.read',
      'orders.write',
      'fulfillments.write',
      'giftCards.read',
      'giftCards.issue',
      'password.change',
      'password.reset',
    ])
    expect(permissionsOf('SUPER_ADMIN')).toEqual(adminActions)
  })

  it('audits super-admin actions — every credential, webhook, app, people and settings change — and password changes', () => {
    const ownPassword = ['password.change', 'password.reset']
    expect(auditedActions.filter((action) => isAllowed('STAFF', action))).toEqual(ownPassword)
    expect([...auditedActions].sort()).toEqual(
      [
        'apiUsers.create',
        'apiUsers.delete',
        'platformApps.approve',
        'platformApps.disconnect',
        'storefrontToken.create',
        'storefrontToken.regenerate',
        'storefrontToken.revoke',
        'webhookSecret.reveal',
        'webhookSecret.rotate',
        'webhooks.create',
        'webhooks.delete',
        'webhooks.update',
        'people.invite',
        'people.changeRole',
        'people.remove',
        'shopSettings.update',
        ...ownPassword,
      ].sort(),
    )
  })

  it('refuses with 403 FORBIDDEN naming the action and who may take it', () => {
    expect(() => assertAllowed('SUPER_ADMIN', 'webhookSecret.rotate')).not.toThrow()
    expect(() => assertAllowed('STAFF', 'orders.write')).not.toThrow()
    try {
      assertAllowed('STAFF', 'webhookSecret.rotate')
      expect.unreachable()
    } catch (error) {
      expect(error).toMatchObject({
        code: 'FORBIDDEN',
        status: 403,
        message:
          'Only a super-admin (SUPER_ADMIN) may rotate the webhook signing secret (webhookSecret.rotate); you are signed in as STAFF.',
        details: { action: 'webhookSecret.rotate', role: 'STAFF', allowedRoles: ['SUPER_ADMIN'] },
      })
    }
  })

  it('gives every action a role and a summary', () => {
    for (const [action, rule] of Object.entries(adminActionMatrix)) {
      expect(action).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/)
      expect(rule.roles.length).toBeGreaterThan(0)
      expect(rule.roles).toContain('SUPER_ADMIN')
      expect(rule.summary).not.toBe('')
    }
  })
})
