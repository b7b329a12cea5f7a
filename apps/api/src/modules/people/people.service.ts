import { randomBytes } from 'node:crypto'
import { isoTime } from '../../clock.js'
import type { Db, Dialect } from '../../db/database.js'
import type { AdminUsersTable, ShopsTable } from '../../db/schema.js'
import type { ValidationIssue } from '../../errors/domain-error.js'
import { newId } from '../../ids.js'
import { noPasswordYet } from '../../security/passwords.js'
import type { SecretBox } from '../../security/secret-box.js'
import type { AuditActor, AuditRecorder } from '../admin/admin-audit-log.service.js'
import type { AdminRole } from '../admin/admin-permissions.js'
import { checkShopCurrency, checkShopDomain } from '../shops/shop-fields.js'
import { createAdminLinks, type IssuedLink } from './admin-links.js'
import { deleteLinksOf } from './admin-links.repository.js'
import { createPasswordService, type PasswordDeps } from './passwords.service.js'
import {
  cannotRemoveSelf,
  emailTaken,
  invalidFields,
  lastSuperAdmin,
  mailNotSent,
  personNotFound,
} from './people.errors.js'
import {
  countActingSuperAdmins,
  deletePerson,
  deleteSessionsOf,
  findPerson,
  insertPerson,
  insertShop,
  isEmailTaken,
  listPeople,
  listShopsWithOwners,
  lockShop,
  updateRole,
} from './people.repository.js'
import { checkEmail, checkName } from './people-fields.js'
import { normalisedEmail } from './people-policy.js'

/**
 * A shop's people (decision 0035): the operator creates a shop with its first super-admin, who
 * invites staff; people set their password through one-time links (set password, invitation,
 * reset), change it, and a super-admin changes roles and removes people — never leaving the shop
 * without a super-admin who can act. A link's token is shown once (mailed, or to whoever made it)
 * and stored as its SHA-256; using it is one conditional update, so it works once.
 */

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

export interface PeopleDeps extends PasswordDeps {
  dialect: Dialect
  secretBox: SecretBox
}

export function createPeopleService(db: Db, deps: PeopleDeps) {
  const { clock, mailer } = deps
  const links = createAdminLinks(db, deps)
  const { issueLink, linkMail } = links

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

    ...createPasswordService(db, deps, links),
  }
}

export type PeopleService = ReturnType<typeof createPeopleService>
