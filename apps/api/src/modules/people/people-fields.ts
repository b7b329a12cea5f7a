import type { AdminUsersTable } from '../../db/schema.js'
import type { ValidationIssue } from '../../errors/domain-error.js'
import { hasPassword } from '../../security/passwords.js'
import { invalidFields } from './people.errors.js'
import { emailPattern, maxEmailLength, maxNameLength, normalisedEmail, passwordRules } from './people-policy.js'

/** The checks of a person's fields (email, name, a new password), and the status their row shows. */

export function checkEmail(field: string, value: string, issues: ValidationIssue[]): string {
  const email = normalisedEmail(value)
  if (email.length > maxEmailLength || !emailPattern.test(email)) {
    issues.push({ location: 'body', field, rule: 'format', message: `${field} must be an email address` })
  }
  return email
}

export function checkName(field: string, value: string | undefined, issues: ValidationIssue[]): string | undefined {
  if (value === undefined) return undefined
  const name = value.trim()
  if (name === '' || name.length > maxNameLength) {
    issues.push({
      location: 'body',
      field,
      rule: 'length',
      message: `${field} must be 1 to ${maxNameLength} characters`,
    })
  }
  return name
}

/** A new password's rules: 400 naming `field` and the rule it breaks. */
export function assertPasswordRules(field: string, password: string): void {
  if (password.length < passwordRules.minLength) {
    throw invalidFields([
      {
        location: 'body',
        field,
        rule: 'minLength',
        message: `${field} must be at least ${passwordRules.minLength} characters`,
      },
    ])
  }
  if (password.length > passwordRules.maxLength) {
    throw invalidFields([
      {
        location: 'body',
        field,
        rule: 'maxLength',
        message: `${field} must be at most ${passwordRules.maxLength} characters`,
      },
    ])
  }
}

export function toPersonStatus(row: Pick<AdminUsersTable, 'password_hash'>): 'INVITED' | 'ACTIVE' {
  return hasPassword(row.password_hash) ? 'ACTIVE' : 'INVITED'
}
