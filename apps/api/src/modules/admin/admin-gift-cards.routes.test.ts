import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { type AdminClient, signInAdmin } from './testing/admin-client.js'

/** Issuing gift cards in the merchant admin (decision 0022): any admin of the shop; the code shown once. */

let platform: TestPlatform
let staff: AdminClient
let owner: AdminClient
let other: AdminClient
beforeAll(async () => {
  platform = await createTestPlatform()
  staff = await signInAdmin(platform, 'STAFF')
  owner = await signInAdmin(platform, 'SUPER_ADMIN')
  other = await signInAdmin(platform, 'SUPER_ADMIN', 'other')
})
afterAll(() => platform.close())

describe('POST /admin/api/gift-cards', () => {
  it('lets staff issue a card: 201 with the full code once; the list shows it masked, with its balance', async () => {
    const issued = await staff.post('/admin/api/gift-cards', { amount: { value: 25, currency: 'USD' } })
    expect(issued.status).toBe(201)
    expect(issued.body).toMatchObject({
      id: expect.stringMatching(/^gcrd_/),
      code: expect.stringMatching(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/),
      initialBalance: { value: 25, currency: 'USD' },
      balance: { value: 25, currency: 'USD' },
      status: 'ACTIVE',
      source: { type: 'ISSUED' },
      issuedBy: staff.email,
    })
    const last4 = issued.body.code.slice(-4)
    expect(issued.body.maskedCode).toBe(`****-****-****-${last4}`)

    const list = await owner.get('/admin/api/gift-cards')
    expect(list.status).toBe(200)
    const listed = list.body.results.find((c: { id: string }) => c.id === issued.body.id)
    expect(listed).toMatchObject({ maskedCode: `****-****-****-${last4}`, balance: { value: 25, currency: 'USD' } })
    expect(listed.code).toBeUndefined()
    expect(JSON.stringify(list.body)).not.toContain(issued.body.code)

    // Another shop's admins do not see it.
    const foreign = await other.get('/admin/api/gift-cards')
    expect(foreign.body.results.map((c: { id: string }) => c.id)).not.toContain(issued.body.id)
  })

  it.each([
    [{ amount: { value: 0, currency: 'USD' } }, 'amount.value'],
    [{ amount: { value: 10.001, currency: 'USD' } }, 'amount.value'],
    [{ amount: { value: 10_000.01, currency: 'USD' } }, 'amount.value'],
    [{ amount: { value: 10, currency: 'XYZ' } }, 'amount.currency'],
    [{}, 'amount'],
  ])('refuses %j with 400 naming %s, and issues nothing', async (body, field) => {
    const before = (await staff.get('/admin/api/gift-cards')).body.total
    const refused = await staff.post('/admin/api/gift-cards', body)
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.body.details.errors)).toContain(field)
    expect((await staff.get('/admin/api/gift-cards')).body.total).toBe(before)
  })

  it('requires the CSRF token of the session', async () => {
    const refused = await staff.post(
      '/admin/api/gift-cards',
      { amount: { value: 5, currency: 'USD' } },
      { csrf: false },
    )
    expect(refused.status).toBe(403)
  })
})
