import {
  type AdminActionRule,
  adminActionMatrix,
  adminActions,
  adminRoles,
} from '../../../api/src/modules/admin/admin-permissions.ts'
import {
  linkFailuresPerAddress,
  linkLifetimeMs,
  linkThrottleWindowMs,
  passwordRules,
  resetRequestsPerAddress,
  resetRequestsPerEmail,
} from '../../../api/src/modules/people/people-policy.ts'

/**
 * The merchant admin's roles and the rules of its people, as the server enforces them
 * (admin-permissions.ts, people-policy.ts): the admin roles guide renders its table from this at
 * build time, so the page cannot disagree with the matrix.
 */
export interface AdminFacts {
  /** The roles, in the matrix's order (most rights first). */
  roles: string[]
  /** One row per action of the matrix, in its order. */
  actions: Array<{ action: string; summary: string; roles: string[]; audited: boolean }>
  /** How long each kind of one-time link works. */
  linkLifetimeMs: { SET_PASSWORD: number; INVITATION: number; PASSWORD_RESET: number }
  password: { minLength: number; maxLength: number }
  throttle: {
    linkFailuresPerAddress: number
    resetRequestsPerAddress: number
    resetRequestsPerEmail: number
    windowMs: number
  }
}

export function adminFacts(): AdminFacts {
  return {
    roles: [...adminRoles],
    actions: adminActions.map((action) => {
      const rule: AdminActionRule = adminActionMatrix[action]
      return { action, summary: rule.summary, roles: [...rule.roles], audited: rule.audited === true }
    }),
    linkLifetimeMs: { ...linkLifetimeMs },
    password: { minLength: passwordRules.minLength, maxLength: passwordRules.maxLength },
    throttle: {
      linkFailuresPerAddress,
      resetRequestsPerAddress,
      resetRequestsPerEmail,
      windowMs: linkThrottleWindowMs,
    },
  }
}
