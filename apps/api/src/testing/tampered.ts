/**
 * A secret with its last character changed, always to a different one: a fixed replacement
 * (`…slice(0, -1) + 'x'`) is a no-op one time in 64 for a random base64url secret.
 */
export function tampered(secret: string): string {
  const last = secret.at(-1)
  return `${secret.slice(0, -1)}${last === 'A' ? 'B' : 'A'}`
}
