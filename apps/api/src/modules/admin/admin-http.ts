import type { FastifyReply, FastifyRequest } from 'fastify'
import { type AdminGuard, createAdminGuard } from '../admin-sessions/admin-session-guard.js'
import type { AdminSession, AdminSessionService } from '../admin-sessions/admin-sessions.service.js'
import type { Actor } from '../api-users/api-users.service.js'
import type { PageRequest } from '../paging/paging.js'
import { pageRequest, toPage } from '../paging/paging.js'
import type { WebhookOwner } from '../webhook-configurations/webhook-configurations.repository.js'
import type { AdminAuditLogService, AuditActor, AuditRecorder } from './admin-audit-log.service.js'
import { type AdminAction, type AuditedAction, assertAllowed } from './admin-permissions.js'

/**
 * What every admin API handler starts with: the signed-in admin from the session cookie (reads),
 * plus the CSRF token for mutations — the admin-sessions module's guard (decision 0009), reused —
 * and the action the route performs, checked against the role matrix (admin-permissions.ts,
 * decision 0027): 403 FORBIDDEN whatever the SPA shows. Admin responses are per-user: never cached.
 */
export function createAdminAccess(sessions: AdminSessionService, auditLog: AdminAuditLogService) {
  const guard: AdminGuard = createAdminGuard(sessions)

  async function read(request: FastifyRequest, reply: FastifyReply, action: AdminAction): Promise<AdminSession> {
    const { session } = await guard.require(request)
    assertAllowed(session.role, action)
    reply.header('cache-control', 'no-store')
    return session
  }

  async function write(request: FastifyRequest, reply: FastifyReply, action: AdminAction): Promise<AdminSession> {
    const { session } = await guard.requireMutation(request)
    assertAllowed(session.role, action)
    reply.header('cache-control', 'no-store')
    return session
  }

  return {
    /** A read: the signed-in admin allowed `action`, or 401 ADMIN_SESSION_REQUIRED / 403 FORBIDDEN. */
    read,
    /** A mutation: as `read`, and the request carries the session's X-CSRF-Token (else 403). */
    write,
    /**
     * An audited action (a read for GET, else a mutation): the admin, and the recorder that writes
     * the audit entry — inside the change's transaction where the service owns one.
     */
    async audited(
      request: FastifyRequest,
      reply: FastifyReply,
      action: AuditedAction,
    ): Promise<{ session: AdminSession; audit: AuditRecorder }> {
      const session =
        request.method === 'GET' ? await read(request, reply, action) : await write(request, reply, action)
      return { session, audit: auditLog.recorder(auditActorOf(session), action) }
    },
  }
}

export type AdminAccess = ReturnType<typeof createAdminAccess>

/** The acting admin, as services that check roles take it. */
export function actorOf(session: AdminSession): Actor {
  return { shopId: session.shopId, adminUserId: session.adminUserId, role: session.role }
}

/** The acting admin, as the audit log records them. */
export function auditActorOf(session: AdminSession): AuditActor {
  return { shopId: session.shopId, adminUserId: session.adminUserId, email: session.email }
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
