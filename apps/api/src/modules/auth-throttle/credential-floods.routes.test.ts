import net from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { hashPassword } from '../../security/passwords.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { signInFailureWindowMs } from '../admin-sessions/admin-session-policy.js'
import { basicAuthDefaults, clientAuthLimits } from '../auth-throttle/auth-throttle-policy.js'
import { registerClient } from '../platform-apps/testing/oauth-harness.js'

/**
 * Issue 17: failed credentials cannot be turned into a flood or a race. HTTP Basic is throttled
 * per API user (wrong passwords only) and per client address (everything), the admin sign-in
 * reserves each attempt before the slow hash, and the token endpoint throttles client secrets.
 * Requests are made as other people's code makes them: raw HTTP, real concurrency.
 */

let platform: TestPlatform
let origin: string

beforeAll(async () => {
  platform = await createTestPlatform()
  await platform.app.listen({ port: 0, host: '127.0.0.1' })
  const address = platform.app.server.address() as net.AddressInfo
  origin = `http://127.0.0.1:${address.port}`
})
afterAll(() => platform.close())
// Every test starts with fresh windows.
beforeEach(() => platform.clock.advance(signInFailureWindowMs))

const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`

function getShop(authorization: string, remoteAddress = '127.0.0.1') {
  return platform.app.inject({
    method: 'GET',
    url: '/open-api/v1.0/shops/current',
    headers: { authorization },
    remoteAddress,
  })
}

describe('HTTP Basic failures', () => {
  it('300 wrong passwords for one API user meet 429 after 10, from any address; the right password still works', async () => {
    const { username, password } = platform.demo.apiUser
    const statuses: number[] = []
    for (let i = 0; i < 300; i++) {
      // A distributed guesser: a new address every time, so only the per-user limit applies.
      const response = await getShop(basic(username, `guess-${i}`), `198.51.${Math.floor(i / 250)}.${i % 250}`)
      statuses.push(response.statusCode)
    }
    expect(statuses.slice(0, basicAuthDefaults.failuresPerUser)).toEqual(
      Array(basicAuthDefaults.failuresPerUser).fill(401),
    )
    expect(new Set(statuses.slice(basicAuthDefaults.failuresPerUser))).toEqual(new Set([429]))

    const throttled = await getShop(basic(username, 'one-more-guess'), '192.0.2.200')
    expect(throttled.statusCode).toBe(429)
    expect(throttled.json()).toMatchObject({ code: 'TOO_MANY_FAILED_CREDENTIALS', details: { retryAfterSeconds: 60 } })
    expect(throttled.headers['retry-after']).toBe('60')

    // The owner of the account is not locked out.
    expect((await getShop(basic(username, password), '192.0.2.201')).statusCode).toBe(200)
    // Nor is another API user.
    expect((await getShop(basic(platform.other.apiUser.username, 'wrong'), '192.0.2.202')).statusCode).toBe(401)

    await platform.clock.advance(basicAuthDefaults.windowMs)
    expect((await getShop(basic(username, 'guess-again'), '192.0.2.203')).statusCode).toBe(401)
  })

  it('an address past 30 failures meets 429 whatever it sends, until the window ends; other addresses do not', async () => {
    const { username, password } = platform.demo.apiUser
    const attacker = '203.0.113.50'
    for (let i = 0; i < basicAuthDefaults.failuresPerAddress; i++) {
      expect((await getShop(basic(`nobody-${i}`, 'x'), attacker)).statusCode).toBe(401)
    }
    const refused = await getShop(basic(username, password), attacker)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().code).toBe('TOO_MANY_FAILED_CREDENTIALS')
    expect((await getShop(basic(username, password), '203.0.113.51')).statusCode).toBe(200)
    await platform.clock.advance(basicAuthDefaults.windowMs)
    expect((await getShop(basic(username, password), attacker)).statusCode).toBe(200)
  })

  it('counts an IPv6 client by its /64: rotating the interface id does not escape the limit', async () => {
    for (let i = 0; i < basicAuthDefaults.failuresPerAddress; i++) {
      await getShop(basic(`nobody-${i}`, 'x'), `2001:db8:5:7::${(i + 1).toString(16)}`)
    }
    expect((await getShop(basic('nobody', 'x'), '2001:db8:5:7:ffff::1')).statusCode).toBe(429)
    expect((await getShop(basic('nobody', 'x'), '2001:db8:5:8::1')).statusCode).toBe(401)
  })

  it('a stored scrypt hash still works and is replaced by the fast digest on its first successful use', async () => {
    const { db } = platform.app.platform.services
    const password = 'legacy-password-of-an-old-api-user'
    await db
      .insertInto('api_users')
      .values({
        id: '0b0e7a52-5a55-4d0c-9a8e-4b1b7a3c1d01',
        shop_id: platform.demo.id,
        username: 'legacy-user',
        password_hash: await hashPassword(password),
        created_by: null,
        created_at: new Date(platform.clock.now()).toISOString(),
        last_used_at: null,
      })
      .execute()
    expect((await getShop(basic('legacy-user', 'wrong'))).statusCode).toBe(401)
    const stored = () =>
      db.selectFrom('api_users').select('password_hash').where('username', '=', 'legacy-user').executeTakeFirstOrThrow()
    expect((await stored()).password_hash).toMatch(/^scrypt\$/)
    expect((await getShop(basic('legacy-user', password))).statusCode).toBe(200)
    expect((await stored()).password_hash).toMatch(/^hmac-sha256\$[A-Za-z0-9_-]{43}$/)
    await platform.clock.advance(120_000) // past the verified-credential cache
    expect((await getShop(basic('legacy-user', password), '192.0.2.77')).statusCode).toBe(200)
  })
})

describe('a throttled answer', () => {
  it('is held for AUTH_THROTTLED_DELAY_MS on the server clock before it is sent, so a loop on 429 crawls', async () => {
    const held = await createTestPlatform({ env: { AUTH_THROTTLED_DELAY_MS: '1000', AUTH_FAILURES_PER_ADDRESS: '1' } })
    try {
      const guess = () =>
        held.app.inject({
          method: 'GET',
          url: '/open-api/v1.0/shops/current',
          headers: { authorization: basic('nobody', 'x') },
          remoteAddress: '203.0.113.90',
        })
      expect((await guess()).statusCode).toBe(401)
      let answered = false
      const pending = guess().then((response) => {
        answered = true
        return response
      })
      const sleepersBefore = held.clock.pendingSleepers
      while (held.clock.pendingSleepers === sleepersBefore) await new Promise((resolve) => setImmediate(resolve))
      await held.clock.advance(999)
      expect(answered).toBe(false)
      await held.clock.advance(1)
      const response = await pending
      expect(response.statusCode).toBe(429)
      expect(answered).toBe(true)
    } finally {
      await held.close()
    }
  })
})

/** Sends raw bytes and reads the status line: repeated headers exactly as written. */
function rawRequest(lines: string[]): Promise<string> {
  const url = new URL(origin)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.write(`${lines.join('\r\n')}\r\n\r\n`)
    })
    let text = ''
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8')
      if (text.includes('\r\n\r\n') && text.includes('}')) socket.end()
    })
    socket.on('end', () => resolve(text))
    socket.on('error', reject)
  })
}

describe('the Authorization header', () => {
  it('two Authorization headers are a 400 naming the header, even when the first is right', async () => {
    const { username, password } = platform.demo.apiUser
    const answer = await rawRequest([
      'GET /open-api/v1.0/shops/current HTTP/1.1',
      `Host: ${new URL(origin).host}`,
      `Authorization: ${basic(username, password)}`,
      `authorization: ${basic('someone-else', 'x')}`,
      'Connection: close',
    ])
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(answer).toContain('"code":"DUPLICATE_AUTHORIZATION_HEADER"')
  })

  it('the scheme is case-insensitive; credentials that are not strict base64 are refused', async () => {
    const { username, password } = platform.demo.apiUser
    const token = Buffer.from(`${username}:${password}`).toString('base64')
    expect((await getShop(`bAsIc ${token}`)).statusCode).toBe(200)
    expect((await getShop(`Basic ${token}*`)).statusCode).toBe(401)
    expect((await getShop(`Basic ${token.replace(/=+$/, '')}!!`)).statusCode).toBe(401)
  })
})

describe('admin sign-in under concurrent guesses', () => {
  it('100 concurrent wrong passwords for one email get at most 5 password checks', async () => {
    const staff = platform.demo.admins.find((a) => a.role === 'STAFF')
    if (!staff) throw new Error('the demo shop has a staff member')
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        fetch(`${origin}/admin/api/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: staff.email, password: `guess-${i}` }),
        }).then(async (response) => ({
          status: response.status,
          code: ((await response.json()) as { code: string }).code,
        })),
      ),
    )
    // A 401 is the answer of a checked password; a throttled attempt is refused before its check.
    const checked = responses.filter((r) => r.status === 401)
    const throttled = responses.filter((r) => r.status === 429)
    expect(checked.length).toBe(5)
    expect(throttled.length).toBe(95)
    expect(new Set(throttled.map((r) => r.code))).toEqual(new Set(['SIGN_IN_THROTTLED']))
  })
})

describe('OAuth client authentication', () => {
  it('wrong client secrets meet 429 after 10; the right secret still gets its answer', async () => {
    const client = await registerClient(platform, { scopes: [], name: 'Throttled App' })
    const token = (secret: string, remoteAddress: string) =>
      platform.app.inject({
        method: 'POST',
        url: '/open-api/v1.0/platform/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: 'fsrt_not-a-real-token',
          client_id: client.app.clientId,
          client_secret: secret,
        }).toString(),
        remoteAddress,
      })
    for (let i = 0; i < clientAuthLimits.perClient; i++) {
      const wrong = await token(`fscs_wrong-${i}`, `198.18.0.${i + 1}`)
      expect(wrong.statusCode).toBe(401)
      expect(wrong.json().error).toBe('invalid_client')
    }
    const throttled = await token('fscs_wrong-again', '198.18.1.1')
    expect(throttled.statusCode).toBe(429)
    expect(throttled.json().code).toBe('TOO_MANY_FAILED_CREDENTIALS')
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0)
    // The right secret passes client authentication (the made-up refresh token is then the problem).
    const right = await token(client.app.clientSecret, '198.18.1.2')
    expect(right.statusCode).toBe(400)
    expect(right.json().error).toBe('invalid_grant')
  })
})
