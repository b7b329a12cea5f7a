import type { FastifyReply, FastifyRequest } from 'fastify'
import { type AdminGuard, createAdminGuard } from '../admin-sessions/admin-session-guard.js'
import type { AdminSession, AdminSessionService } from '../admin-sessions/admin-sessions.service.js'
import type { Actor } from '../api-users/api-users.service.js'
import type { PageRequest } from '../paging/paging.js'
import { pageRequest, toPage } from '../paging/paging.js'
import type { WebhookOwner } from '../webhook-configurations/webhook-configurations.repository.js'

/**
 * What every admin API handler starts with: the signed-in admin from the session cookie (reads),
 * plus the CSRF token for mutations — the admin-sessions module's guard (decision 0009), reused.
 * Admin responses are per-user: never cached.
 */
export function createAdminAccess(sessions: AdminSessionService) {
  const guard: AdminGuard = createAdminGuard(sessions)
  return {
    /** A read: the signed-in admin, or 401 ADMIN_SESSION_REQUIRED. */
    async read(request: FastifyRequest, reply: FastifyReply): Promise<AdminSession> {
      const { session } = await guard.require(request)
      reply.header('cache-control', 'no-store')
      return session
    },
    /** A mutation: the signed-in admin whose request carries the session's X-CSRF-Token (else 401/403). */
    async write(request: FastifyRequest, reply: FastifyReply): Promise<AdminSession> {
      const { session } = await guard.requireMutation(request)
      reply.header('cache-control', 'no-store')
      return session
    },
  }
}

export type AdminAccess = ReturnType<typeof createAdminAccess>

/** The acting admin, as services that check roles take it. */
export function actorOf(session: AdminSession): Actor {
  return { shopId: session.shopId, adminUserId: session.adminUserId, role: session.role }
}

/** The shop's own webhook configurations (not those platform apps registered). */
export function shopOwnerOf(session: AdminSession): WebhookOwner {
  return { shopId: session.shopId, appId: null }
}

/** A page of a list a service answers whole (lists that stay short: API users, the media library). */
export function pageOf<T>(items: T[], query: { page?: number; size?: number }) {
  const request: PageRequest = pageRequest(query)
  return toPage(items.slice(request.offset, request.offset + request.size), items.length, request)
}

export type IdParams<K extends string> = FastifyRequest<{ Params: Record<K, string> }>
