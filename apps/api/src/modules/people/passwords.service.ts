import { isoTime } from '../../clock.js'
import type { Db } from '../../db/database.js'
import { decoyHash, hashPassword, hasPassword, verifyPassword } from '../../security/passwords.js'
import type { AdminAuditLogService, AuditRecorder } from '../admin/admin-audit-log.service.js'
import { maxFailuresPerEmailAndIp, signInFailureWindowMs } from '../admin-sessions/admin-session-policy.js'
import type { AdminSessionService, SignedIn } from '../admin-sessions/admin-sessions.service.js'
import { throttleKeys } from '../auth-throttle/auth-throttle-policy.js'
import { throttleAddress } from '../auth-throttle/client-address.js'
import type { AdminLinkDeps, AdminLinks } from './admin-links.js'
import { retireLinksOf, useLink } from './admin-links.repository.js'
import type { Mailer } from './mailer.js'
import { linkThrottled, linkUnusable, personNotFound, wrongCurrentPassword } from './people.errors.js'
import { deleteSessionsOf, findPersonById, updatePasswordHash } from './people.repository.js'
import { assertPasswordRules } from './people-fields.js'
import {
  emailPattern,
  linkThrottleKeys,
  maxEmailLength,
  normalisedEmail,
  resetRequestsPerAddress,
  resetRequestsPerEmail,
} from './people-policy.js'

/**
 * Passwords (decision 0035): one's own change (the current password required), "forgot password?"
 * requests, and the links that set a password — described, then used once, signing the person in.
 */

export interface PasswordDeps extends AdminLinkDeps {
  sessions: AdminSessionService
  auditLog: AdminAuditLogService
  /** Undefined without `SMTP_URL`: links are then shown to whoever made them. */
  mailer: Mailer | undefined
  /** Told when a reset was asked for but no mail can go out (no token in it). */
  onUndeliverable?: (message: string) => void
}

export function createPasswordService(db: Db, deps: PasswordDeps, links: AdminLinks) {
  const { clock, mailer } = deps
  const { issueLink, linkMail, liveLink, takeRequestSlots } = links

  return {
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
