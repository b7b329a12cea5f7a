import { randomBytes } from 'node:crypto'
import { type Clock, isoTime } from '../../clock.js'
import type { Db, Dialect, Executor } from '../../db/database.js'
import type { AdminUsersTable, ShopsTable } from '../../db/schema.js'
import type { ValidationIssue } from '../../errors/domain-error.js'
import { newId } from '../../ids.js'
import { decoyHash, hashPassword, hasPassword, noPasswordYet, verifyPassword } from '../../security/passwords.js'
import { type SecretBox, tokenHash } from '../../security/secret-box.js'
import type { AdminAuditLogService, AuditActor, AuditRecorder } from '../admin/admin-audit-log.service.js'
import type { AdminRole } from '../admin/admin-permissions.js'
import { maxFailuresPerEmailAndIp, signInFailureWindowMs } from '../admin-sessions/admin-session-policy.js'
import type { AdminSessionService, SignedIn } from '../admin-sessions/admin-sessions.service.js'
import type { AttemptCounter } from '../auth-throttle/attempt-counter.js'
import { throttleKeys } from '../auth-throttle/auth-throttle-policy.js'
import { throttleAddress } from '../auth-throttle/client-address.js'
import type { CredentialThrottle } from '../auth-throttle/credential-throttle.js'
import { isWellFormedSecret, mintSecret, newPlatformId } from '../platform-apps/opaque-tokens.js'
import { checkShopCurrency, checkShopDomain } from '../shops/shop-fields.js'
import { deleteLinksOf, findLiveLink, insertAdminLink, retireLinksOf, useLink } from './admin-links.repository.js'
import type { Mailer } from './mailer.js'
import {
  cannotRemoveSelf,
  emailTaken,
  invalidFields,
  lastSuperAdmin,
  linkThrottled,
  linkUnusable,
  mailNotSent,
  personNotFound,
  wrongCurrentPassword,
} from './people.errors.js'
import {
  countActingSuperAdmins,
  deletePerson,
  deleteSessionsOf,
  findPerson,
  findPersonById,
  insertPerson,
  insertShop,
  isEmailTaken,
  listPeople,
  listShopsWithOwners,
  lockShop,
  updatePasswordHash,
  updateRole,
} from './people.repository.js'
import {
  type AdminLinkPurpose,
  emailPattern,
  linkFailuresPerAddress,
  linkLifetimeMs,
  linkThrottleKeys,
  linkThrottleWindowMs,
  maxEmailLength,
  maxNameLength,
  normalisedEmail,
  passwordRules,
  resetRequestsPerAddress,
  resetRequestsPerEmail,
  setPasswordPath,
} from './people-policy.js'

/**
 * A shop's people (decision 0035): the operator creates a shop with its first super-admin, who
 * invites staff; people set their password through one-time links (set password, invitation,
 * reset), change it, and a super-admin changes roles and removes people — never leaving the shop
 * without a super-admin who can act. A link's token is shown once (mailed, or to whoever made it)
 * and stored as its SHA-256; using it is one conditional update, so it works once.
 */

/** A link as its maker sees it, once. */
export interface IssuedLink {
  url: string
  expiresAt: string
}

export interface PersonInput {
  email: string
  role: AdminRole
  name?: string
}

export interface ShopInput {
  name: string
  domain: string
  currency: string
  ownerEmail: string
  ownerName?: string
}

/** Who acts on the shop's people: a signed-in super-admin. */
export interface PeopleActor extends AuditActor {
  role: AdminRole
}

export interface PeopleDeps {
  clock: Clock
  dialect: Dialect
  secretBox: SecretBox
  sessions: AdminSessionService
  auditLog: AdminAuditLogService
  attempts: AttemptCounter
  throttle: CredentialThrottle
  /** Undefined without `SMTP_URL`: links are then shown to whoever made them. */
  mailer: Mailer | undefined
  /** The origin links point at (the server's public URL). */
  publicUrl: string
  /** Told when a reset was asked for but no mail can go out (no token in it). */
  onUndeliverable?: (message: string) => void
}

const purposeWords: Record<AdminLinkPurpose, string> = {
  SET_PASSWORD: 'set the password of your new shop',
  INVITATION: 'accept your invitation',
  PASSWORD_RESET: 'reset your password',
}

function hours(ms: number): string {
  const h = Math.round(ms / 3_600_000)
  return h === 1 ? '1 hour' : `${h} hours`
}

function checkEmail(field: string, value: string, issues: ValidationIssue[]): string {
  const email = normalisedEmail(value)
  if (email.length > maxEmailLength || !emailPattern.test(email)) {
    issues.push({ location: 'body', field, rule: 'format', message: `${field} must be an email address` })
  }
  return email
}

function checkName(field: string, value: string | undefined, issues: ValidationIssue[]): string | undefined {
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

export function createPeopleService(db: Db, deps: PeopleDeps) {
  const { clock, mailer } = deps

  function linkUrl(token: string): string {
    return `${deps.publicUrl}${setPasswordPath}?token=${token}`
  }

  /** Mints a link for `person` inside `executor`; answers its URL (with the token) once. */
  async function issueLink(
    executor: Executor,
    person: Pick<AdminUsersTable, 'id' | 'shop_id' | 'email'>,
    purpose: AdminLinkPurpose,
    createdBy: string | null,
  ): Promise<IssuedLink> {
    const now = clock.now()
    const token = mintSecret('adminLink')
    const expiresAt = isoTime(now + linkLifetimeMs[purpose])
    await insertAdminLink(executor, {
      id: newPlatformId('alnk_'),
      token_hash: tokenHash(token),
      purpose,
      shop_id: person.shop_id,
      admin_user_id: person.id,
      email: person.email,
      created_by: createdBy,
      created_at: isoTime(now),
      expires_at: expiresAt,
      used_at: null,
    })
    return { url: linkUrl(token), expiresAt }
  }

  function linkMail(to: string, shopName: string, purpose: AdminLinkPurpose, link: IssuedLink, intro: string) {
    return {
      to,
      subject:
        purpose === 'PASSWORD_RESET' ? `Reset your ${shopName} admin password` : `Your ${shopName} admin on Fanshelf`,
      text: [
        intro,
        '',
        `Open this link to ${purposeWords[purpose]} (it works once, for ${hours(linkLifetimeMs[purpose])}):`,
        link.url,
        '',
        purpose === 'PASSWORD_RESET'
          ? 'If you did not ask for this, ignore this mail: your password stays as it is.'
          : '',
      ]
        .join('\n')
        .trimEnd(),
    }
  }

  /** The live link of a token, counting a dead or unknown one against the client address. */
  async function liveLink(token: string, ip: string) {
    const checked = await deps.throttle.check(
      [
        {
          key: linkThrottleKeys.redeemAddress(throttleAddress(ip)),
          limit: linkFailuresPerAddress,
          windowMs: linkThrottleWindowMs,
          refusesEveryone: true,
        },
      ],
      async () =>
        isWellFormedSecret('adminLink', token) ? findLiveLink(db, tokenHash(token), isoTime(clock.now())) : undefined,
      { cheap: true },
    )
    if (checked.outcome === 'throttled') throw linkThrottled(checked.retryAfterSeconds)
    if (checked.outcome === 'wrong') throw linkUnusable()
    return checked.value
  }

  async function takeRequestSlots(keys: { key: string; limit: number }[]): Promise<void> {
    const counts = await Promise.all(keys.map(({ key }) => deps.attempts.take(key, linkThrottleWindowMs)))
    const over = counts.filter((count, i) => count.count > (keys[i]?.limit ?? 0))
    if (over.length > 0) {
      throw linkThrottled(Math.max(1, Math.ceil(Math.max(...over.map((c) => c.resetInMs)) / 1000)))
    }
  }

  return {
    // ------------------------------------------------------------ shops (the operator's CLI)

    /**
     * Creates a shop and its super-admin (no password yet) in one transaction, and the link that
     * sets the password. A bad field is a 400 naming it; nothing is written then.
     */
    async createShop(input: ShopInput): Promise<{ shop: ShopsTable; owner: AdminUsersTable; link: IssuedLink }> {
      const issues: ValidationIssue[] = []
      const name = checkName('name', input.name, issues) ?? ''
      // The same rules as the shop's settings in the admin (shops/shop-fields.ts).
      const domain = await checkShopDomain(db, 'domain', input.domain, issues)
      const currency = checkShopCurrency('currency', input.currency, issues)
      const ownerEmail = checkEmail('ownerEmail', input.ownerEmail, issues)
      if (!issues.some((i) => i.field === 'ownerEmail') && (await isEmailTaken(db, ownerEmail))) {
        issues.push({
          location: 'body',
          field: 'ownerEmail',
          rule: 'unique',
          message: `${ownerEmail} already belongs to an admin`,
        })
      }
      const ownerName = checkName('ownerName', input.ownerName, issues) ?? ownerEmail.split('@')[0] ?? ownerEmail
      if (issues.length > 0) throw invalidFields(issues)

      const now = isoTime(clock.now())
      const shop: ShopsTable = {
        id: newId('shop'),
        name,
        domain,
        public_domain: domain,
        currency,
        contact_info: JSON.stringify({
          shopEmail: ownerEmail,
          contactEmail: ownerEmail,
          transactionalEmail: ownerEmail,
          customerSupportEmail: null,
          phone: null,
          shopName: name,
          domain,
          location: null,
        }),
        webhook_secret: deps.secretBox.seal(`whsec_${randomBytes(24).toString('base64')}`),
        webhook_secret_previous: null,
        webhook_secret_previous_until: null,
        created_at: now,
        updated_at: now,
      }
      const owner: AdminUsersTable = {
        id: newId('adminUser'),
        shop_id: shop.id,
        email: ownerEmail,
        name: ownerName,
        password_hash: noPasswordYet,
        role: 'SUPER_ADMIN',
        created_at: now,
      }
      const link = await db.transaction().execute(async (trx) => {
        await insertShop(trx, shop)
        await insertPerson(trx, owner)
        return issueLink(trx, owner, 'SET_PASSWORD', null)
      })
      return { shop, owner, link }
    },

    listShops: () => listShopsWithOwners(db),

    /**
     * A password-reset link for an admin, for the operator (`fanshelf shop password-link`): the way
     * back in for a shop whose server sends no mail.
     */
    async operatorResetLink(email: string): Promise<{ person: AdminUsersTable; link: IssuedLink } | undefined> {
      const person = await db
        .selectFrom('admin_users')
        .selectAll()
        .where('email', '=', normalisedEmail(email))
        .executeTakeFirst()
      if (!person) return undefined
      return { person, link: await issueLink(db, person, 'PASSWORD_RESET', null) }
    },

    // ------------------------------------------------------------ people (a super-admin in the admin)

    list: (shopId: string) => listPeople(db, shopId),

    /**
     * Invites someone: their admin row (no password yet) and an invitation link, mailed when SMTP is
     * configured — the mail goes out before the transaction commits, so a refused mail saves nothing
     * — and otherwise answered once, to the inviting super-admin.
     */
    async invite(actor: PeopleActor, input: PersonInput, audit: AuditRecorder) {
      const issues: ValidationIssue[] = []
      const email = checkEmail('email', input.email, issues)
      const name = checkName('name', input.name, issues) ?? email.split('@')[0] ?? email
      if (issues.length > 0) throw invalidFields(issues)
      if (await isEmailTaken(db, email)) throw emailTaken(email)
      const person: AdminUsersTable = {
        id: newId('adminUser'),
        shop_id: actor.shopId,
        email,
        name,
        password_hash: noPasswordYet,
        role: input.role,
        created_at: isoTime(clock.now()),
      }
      const shop = await db.selectFrom('shops').select('name').where('id', '=', actor.shopId).executeTakeFirstOrThrow()
      const link = await db.transaction().execute(async (trx) => {
        await insertPerson(trx, person)
        const issued = await issueLink(trx, person, 'INVITATION', actor.adminUserId)
        await audit(person.id, trx)
        if (mailer) {
          const role = input.role === 'SUPER_ADMIN' ? 'a super-admin' : 'staff'
          const intro = `${actor.email} invited you to run ${shop.name} on Fanshelf as ${role}.`
          try {
            await mailer.send(linkMail(email, shop.name, 'INVITATION', issued, intro))
          } catch {
            throw mailNotSent()
          }
        }
        return issued
      })
      return { person, link, mailed: mailer !== undefined }
    },

    /** Changes someone's role; the shop keeps at least one super-admin who can act. */
    async changeRole(actor: PeopleActor, adminUserId: string, role: AdminRole, audit: AuditRecorder) {
      return db.transaction().execute(async (trx) => {
        await lockShop(trx, actor.shopId, deps.dialect)
        const person = await findPerson(trx, actor.shopId, adminUserId)
        if (!person) throw personNotFound(adminUserId)
        if (person.role === role) return person
        if (person.role === 'SUPER_ADMIN' && (await countActingSuperAdmins(trx, actor.shopId, person.id)) === 0) {
          throw lastSuperAdmin()
        }
        await updateRole(trx, person.id, role)
        // A demoted admin's open sessions carry the old role's rights no longer: the role is read per request.
        await audit(person.id, trx)
        return { ...person, role }
      })
    },

    /** Removes someone: their sessions end at once and their unused links die with them. */
    async remove(actor: PeopleActor, adminUserId: string, audit: AuditRecorder): Promise<void> {
      if (adminUserId === actor.adminUserId) {
        const self = await findPerson(db, actor.shopId, adminUserId)
        if (self) throw cannotRemoveSelf()
      }
      await db.transaction().execute(async (trx) => {
        await lockShop(trx, actor.shopId, deps.dialect)
        const person = await findPerson(trx, actor.shopId, adminUserId)
        if (!person) throw personNotFound(adminUserId)
        if (person.role === 'SUPER_ADMIN' && (await countActingSuperAdmins(trx, actor.shopId, person.id)) === 0) {
          throw lastSuperAdmin()
        }
        await deleteSessionsOf(trx, person.id)
        await deleteLinksOf(trx, person.id)
        await deletePerson(trx, person.id)
        await audit(person.id, trx)
      })
    },

    // ------------------------------------------------------------ one's own password

    /**
     * Changes the signed-in admin's password: the current one is required (wrong ones count as
     * failed sign-ins), and every other session of theirs ends.
     */
    async changePassword(
      input: { adminUserId: string; sessionId: string; currentPassword: string; newPassword: string; ip: string },
      audit: AuditRecorder,
    ): Promise<void> {
      assertPasswordRules('newPassword', input.newPassword)
      const person = await findPersonById(db, input.adminUserId)
      if (!person) throw personNotFound(input.adminUserId)
      const checked = await deps.throttle.check(
        [
          {
            key: throttleKeys.signInEmailAndAddress(person.email, throttleAddress(input.ip)),
            limit: maxFailuresPerEmailAndIp,
            windowMs: signInFailureWindowMs,
          },
        ],
        async () =>
          (await verifyPassword(
            input.currentPassword,
            hasPassword(person.password_hash) ? person.password_hash : decoyHash,
          ))
            ? true
            : undefined,
        { cheap: false },
      )
      if (checked.outcome === 'throttled') throw linkThrottled(checked.retryAfterSeconds)
      if (checked.outcome === 'wrong') throw wrongCurrentPassword()
      const passwordHash = await hashPassword(input.newPassword)
      await db.transaction().execute(async (trx) => {
        await updatePasswordHash(trx, person.id, passwordHash)
        await retireLinksOf(trx, person.id, isoTime(clock.now()))
        await trx
          .deleteFrom('admin_sessions')
          .where('admin_user_id', '=', person.id)
          .where('id', '<>', input.sessionId)
          .execute()
        await audit(person.id, trx)
      })
    },

    // ------------------------------------------------------------ links (no session)

    /**
     * "Forgot password?": mails a reset link when the email is an admin's and SMTP is configured.
     * Answers nothing either way (the caller shows the same words whether or not the email exists);
     * requests are limited per client address and per email, known or not.
     */
    async requestReset(rawEmail: string, ip: string): Promise<void> {
      const email = normalisedEmail(rawEmail)
      await takeRequestSlots([
        { key: linkThrottleKeys.resetAddress(throttleAddress(ip)), limit: resetRequestsPerAddress },
        { key: linkThrottleKeys.resetEmail(email), limit: resetRequestsPerEmail },
      ])
      if (email.length > maxEmailLength || !emailPattern.test(email)) return
      const person = await db.selectFrom('admin_users').selectAll().where('email', '=', email).executeTakeFirst()
      if (!person) return
      if (!mailer) {
        deps.onUndeliverable?.(
          `A password reset was requested for admin ${person.id}, but SMTP_URL is not set: no mail went out. The operator can print a link with \`fanshelf shop password-link --email <email>\`.`,
        )
        return
      }
      const shop = await db
        .selectFrom('shops')
        .select('name')
        .where('id', '=', person.shop_id)
        .executeTakeFirstOrThrow()
      const link = await issueLink(db, person, 'PASSWORD_RESET', null)
      const intro = `Someone (we hope you) asked to reset the password of ${email} for the ${shop.name} admin.`
      // A failed mail is not told to the requester (that would say the email exists).
      await mailer.send(linkMail(email, shop.name, 'PASSWORD_RESET', link, intro)).catch(() => {
        deps.onUndeliverable?.(`The password reset mail to admin ${person.id} could not be sent (SMTP).`)
      })
    },

    /** What the set-password page shows for a token, or 410 LINK_UNUSABLE (counted per address). */
    async describeLink(token: string, ip: string) {
      const link = await liveLink(token, ip)
      return { email: link.email, shopName: link.shop_name, purpose: link.purpose, expiresAt: link.expires_at }
    },

    /**
     * Uses a link: sets the password, ends the person's other links and sessions, records it in the
     * shop's audit log and signs them in. Works once: of two concurrent uses, one gets 410.
     */
    async redeem(input: { token: string; password: string; ip: string }): Promise<SignedIn> {
      const link = await liveLink(input.token, input.ip)
      assertPasswordRules('password', input.password)
      const passwordHash = await hashPassword(input.password)
      const person = await db.transaction().execute(async (trx) => {
        const now = isoTime(clock.now())
        if (!(await useLink(trx, link.id, now))) throw linkUnusable()
        await updatePasswordHash(trx, link.admin_user_id, passwordHash)
        await retireLinksOf(trx, link.admin_user_id, now)
        await deleteSessionsOf(trx, link.admin_user_id)
        const found = await findPersonById(trx, link.admin_user_id)
        if (!found) throw linkUnusable()
        const actor = { shopId: found.shop_id, adminUserId: found.id, email: found.email }
        await deps.auditLog.recorder(actor, 'password.reset')(found.id, trx)
        return found
      })
      return deps.sessions.openSession(person)
    },
  }
}

export type PeopleService = ReturnType<typeof createPeopleService>
