import type { Clock } from '../../clock.js'
import { isoTime } from '../../clock.js'
import type { Db, Executor } from '../../db/database.js'
import type { AdminUsersTable } from '../../db/schema.js'
import { tokenHash } from '../../security/secret-box.js'
import type { AttemptCounter } from '../auth-throttle/attempt-counter.js'
import { throttleAddress } from '../auth-throttle/client-address.js'
import type { CredentialThrottle } from '../auth-throttle/credential-throttle.js'
import { isWellFormedSecret, mintSecret, newPlatformId } from '../platform-apps/opaque-tokens.js'
import { findLiveLink, insertAdminLink } from './admin-links.repository.js'
import { linkThrottled, linkUnusable } from './people.errors.js'
import {
  type AdminLinkPurpose,
  linkFailuresPerAddress,
  linkLifetimeMs,
  linkThrottleKeys,
  linkThrottleWindowMs,
  setPasswordPath,
} from './people-policy.js'

/**
 * One-time admin links (set password, invitation, reset; decision 0035): minted with a token shown
 * once and stored as its SHA-256, mailed in words that say what they do, looked up by token with
 * dead or unknown ones counted against the client address, and requests for them limited.
 */

/** A link as its maker sees it, once. */
export interface IssuedLink {
  url: string
  expiresAt: string
}

export interface AdminLinkDeps {
  clock: Clock
  attempts: AttemptCounter
  throttle: CredentialThrottle
  /** The origin links point at (the server's public URL). */
  publicUrl: string
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

export function createAdminLinks(db: Db, deps: AdminLinkDeps) {
  const { clock } = deps

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

  return { issueLink, linkMail, liveLink, takeRequestSlots }
}

export type AdminLinks = ReturnType<typeof createAdminLinks>
