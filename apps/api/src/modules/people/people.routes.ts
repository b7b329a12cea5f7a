import type { AdminRes } from '@fanshelf/contract'
import type { FastifyInstance } from 'fastify'
import type { AdminParsers } from '../admin/admin-contract.js'
import { type AdminAccess, auditActorOf, type IdParams, pageOf } from '../admin/admin-http.js'
import type { AdminRole } from '../admin/admin-permissions.js'
import type { AdminSession } from '../admin-sessions/admin-sessions.service.js'
import { resetAcceptedMessage, toInvitationResource, toPersonResource } from './people.mapper.js'
import type { PeopleActor } from './people.service.js'

function peopleActorOf(session: AdminSession): PeopleActor {
  return { ...auditActorOf(session), role: session.role }
}

/**
 * The shop's people in the merchant admin (decision 0035): the super-admin lists, invites, changes
 * roles and removes; everyone changes their own password; "Forgot password?" asks for a reset link
 * without a session. The links themselves are used on the server-rendered `/admin/set-password`.
 */
export function peopleRoutes(access: AdminAccess, parse: AdminParsers) {
  return async (app: FastifyInstance): Promise<void> => {
    const { people } = app.platform.services

    app.get('/admin/api/people', async (request, reply) => {
      const session = await access.read(request, reply, 'people.read')
      const query = parse.page(request.query)
      return pageOf(
        (await people.list(session.shopId)).map(toPersonResource),
        query,
      ) satisfies AdminRes<'listAdminPeople'>
    })

    app.post('/admin/api/people', async (request, reply) => {
      const { session, audit } = await access.audited(request, reply, 'people.invite')
      const body = parse.invitation<{ email: string; role: AdminRole; name?: string }>(request.body)
      const invited = await people.invite(peopleActorOf(session), body, audit)
      return reply.code(201).send(toInvitationResource(invited))
    })

    app.put('/admin/api/people/:adminUserId/role', async (request: IdParams<'adminUserId'>, reply) => {
      const { session, audit } = await access.audited(request, reply, 'people.changeRole')
      const body = parse.roleChange<{ role: AdminRole }>(request.body)
      return toPersonResource(
        await people.changeRole(peopleActorOf(session), request.params.adminUserId, body.role, audit),
      )
    })

    app.delete('/admin/api/people/:adminUserId', async (request: IdParams<'adminUserId'>, reply) => {
      const { session, audit } = await access.audited(request, reply, 'people.remove')
      await people.remove(peopleActorOf(session), request.params.adminUserId, audit)
      return reply.code(204).send()
    })

    app.put('/admin/api/password', async (request, reply) => {
      const { session, audit } = await access.audited(request, reply, 'password.change')
      const body = parse.passwordChange<{ currentPassword: string; newPassword: string }>(request.body)
      await people.changePassword(
        { adminUserId: session.adminUserId, sessionId: session.id, ...body, ip: request.ip },
        audit,
      )
      return reply.code(204).send()
    })

    app.post('/admin/api/password-reset', async (request, reply) => {
      const body = parse.passwordReset<{ email: string }>(request.body)
      await people.requestReset(body.email, request.ip)
      reply.header('cache-control', 'no-store')
      return reply.code(202).send({ message: resetAcceptedMessage } satisfies AdminRes<'requestAdminPasswordReset'>)
    })
  }
}
