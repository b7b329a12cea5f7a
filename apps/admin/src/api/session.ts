import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError, del, get, setCsrfToken } from './client.ts'
import type { AdminAction, Session, Shop } from './types.ts'

export const sessionKey = ['session'] as const

/** The signed-in admin, or null when signed out (401). */
export async function fetchSession(): Promise<Session | null> {
  try {
    const session = await get<Session>('/session')
    setCsrfToken(session.csrfToken)
    return session
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      setCsrfToken(undefined)
      return null
    }
    throw error
  }
}

export function useSession() {
  return useQuery({ queryKey: sessionKey, queryFn: fetchSession, staleTime: 60_000, retry: false })
}

/** The session of a page inside the signed-in layout (which renders nothing until it exists). */
export function useSignedIn(): Session {
  const { data } = useSession()
  if (!data) throw new Error('useSignedIn outside the signed-in layout')
  return data
}

/**
 * Whether the signed-in admin may take an action, from the session's `permissions` (the server's
 * role matrix, decision 0027). The SPA hides what this refuses; the server refuses it with 403 anyway.
 */
export function can(session: Session | null | undefined, action: AdminAction): boolean {
  return session?.permissions.includes(action) ?? false
}

/** `can` for the signed-in admin of a page inside the signed-in layout. */
export function useCan(): (action: AdminAction) => boolean {
  const session = useSignedIn()
  return (action) => can(session, action)
}

export function useShop() {
  return useQuery({ queryKey: ['shop'], queryFn: () => get<Shop>('/shop'), staleTime: 10 * 60_000 })
}

export function useSignOut() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => del('/session'),
    onSettled: () => {
      setCsrfToken(undefined)
      client.clear()
      client.setQueryData(sessionKey, null)
    },
  })
}
