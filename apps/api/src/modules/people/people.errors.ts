import { DomainError, type ValidationIssue, validationError } from '../../errors/domain-error.js'

export function personNotFound(adminUserId: string): DomainError {
  return new DomainError('PERSON_NOT_FOUND', `No admin ${adminUserId} in this shop.`, { adminUserId })
}

export function emailTaken(email: string): DomainError {
  return validationError([
    { location: 'body', field: 'email', rule: 'unique', message: `${email} already belongs to an admin` },
  ])
}

export function lastSuperAdmin(): DomainError {
  return new DomainError(
    'LAST_SUPER_ADMIN',
    'The shop needs at least one super-admin who has set a password: make someone else a super-admin first.',
  )
}

export function cannotRemoveSelf(): DomainError {
  return new DomainError('CANNOT_REMOVE_SELF', 'You cannot remove yourself: another super-admin can.')
}

export function wrongCurrentPassword(): DomainError {
  return validationError([
    { location: 'body', field: 'currentPassword', rule: 'matches', message: 'currentPassword is not your password' },
  ])
}

export function linkUnusable(): DomainError {
  return new DomainError(
    'LINK_UNUSABLE',
    'This link has expired or was already used. Ask your shop’s super-admin for a new invitation, or request a new password reset.',
  )
}

export function linkThrottled(retryAfterSeconds: number): DomainError {
  return new DomainError(
    'LINK_THROTTLED',
    `Too many attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`,
    { retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  )
}

export function mailNotSent(): DomainError {
  return new DomainError(
    'MAIL_NOT_SENT',
    'The invitation could not be mailed (the SMTP server refused it or could not be reached); nothing was saved. Try again.',
  )
}

export function invalidFields(issues: ValidationIssue[]): DomainError {
  return validationError(issues)
}
