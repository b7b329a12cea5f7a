import { describe, expect, it } from 'vitest'
import {
  adminActionMatrix,
  adminRoles,
  isAllowed,
  permissionsOf,
} from '../../../api/src/modules/admin/admin-permissions.ts'
import { linkLifetimeMs } from '../../../api/src/modules/people/people-policy.ts'
import { adminFacts } from './admin.ts'

/** The admin roles guide renders its table from these facts: they must be the server's matrix, whole. */
describe('adminFacts', () => {
  const facts = adminFacts()

  it('has every role and one row per action of the matrix, in its order', () => {
    expect(facts.roles).toEqual([...adminRoles])
    expect(facts.actions.map((row) => row.action)).toEqual(Object.keys(adminActionMatrix))
  })

  it('marks a role allowed exactly where the server allows it, and audited actions as the audit log does', () => {
    for (const role of adminRoles) {
      const allowed = facts.actions.filter((row) => row.roles.includes(role)).map((row) => row.action)
      expect(allowed, role).toEqual(permissionsOf(role))
      for (const row of facts.actions) {
        expect(row.roles.includes(role), `${role} ${row.action}`).toBe(isAllowed(role, row.action as never))
      }
    }
    const audited = Object.entries(adminActionMatrix)
      .filter(([, rule]) => 'audited' in rule && rule.audited === true)
      .map(([action]) => action)
    expect(facts.actions.filter((row) => row.audited).map((row) => row.action)).toEqual(audited)
    // Staff may not manage people; everyone changes their own password (the guide's prose says so).
    const row = (action: string) => facts.actions.find((candidate) => candidate.action === action)
    expect(row('people.invite')?.roles).toEqual(['SUPER_ADMIN'])
    expect(row('password.change')?.roles).toEqual([...adminRoles])
  })

  it('quotes the one-time link lifetimes of the people policy', () => {
    expect(facts.linkLifetimeMs).toEqual(linkLifetimeMs)
    expect(facts.linkLifetimeMs.PASSWORD_RESET).toBeLessThan(facts.linkLifetimeMs.INVITATION)
  })
})
