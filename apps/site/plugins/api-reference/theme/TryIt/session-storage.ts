/** What the console keeps for this tab: the credentials the reader typed, the server per API. */

export const credentialsKey = 'fanshelf.try-it.credentials'
export const serverKey = 'fanshelf.try-it.server'

export function readSession<T>(key: string): T | undefined {
  try {
    const raw = window.sessionStorage.getItem(key)
    return raw ? (JSON.parse(raw) as T) : undefined
  } catch {
    return undefined
  }
}

export function writeSession(key: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(value))
  } catch {
    // Storage unavailable (private mode, iframe): the console still works for this page.
  }
}
