// The samples the guides show, run against a Fanshelf started here: platform OAuth, gifting and
// giveaways, `fanshelf listen` and `trigger`, shop creation, backup and restore, and Prometheus.
import { execFile, execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import {
  callback,
  consent,
  env,
  failing,
  json,
  metricsToken,
  run,
  runAsync,
  runTs,
  setUpRunningFanshelf,
  start,
  work,
} from './testing/running-fanshelf.ts'
import { here, normalizeOutput, outputContains, repoRoot, requireBuiltSdk } from './testing/sample-runs.ts'

describe('samples against a running Fanshelf', () => {
  setUpRunningFanshelf()

  it('the OAuth samples: register an app locally, consent (303), exchange, call, refresh; the SDK app', async () => {
    const app = json('cli/app-create.sh')
    expect(app).toMatchObject({
      clientId: expect.stringMatching(/^app_/),
      clientSecret: expect.stringMatching(/^fscs_/),
      redirectUris: ['https://app.example.com/fanshelf/callback'],
      scopes: ['order_read', 'fulfillment_write', 'webhook_read', 'webhook_write'],
    })
    const client = { FANSHELF_CLIENT_ID: app.clientId, FANSHELF_CLIENT_SECRET: app.clientSecret }

    const codeVerifier = randomBytes(32).toString('base64url')
    const approved = await consent(app.clientId, codeVerifier)
    expect(approved.status).toBe(303)
    expect(approved.location.origin + approved.location.pathname).toBe('https://app.example.com/fanshelf/callback')
    expect(approved.location.searchParams.get('state')).toBe('4f1c9a7e')
    // RFC 9207: the redirect names the server that answered, as its metadata does.
    const metadata = await (await fetch(`${env.FANSHELF_ORIGIN}/.well-known/oauth-authorization-server`)).json()
    expect(approved.location.searchParams.get('iss')).toBe(metadata.issuer)
    const code = approved.location.searchParams.get('code') ?? ''
    expect(code).toMatch(/^fsac_/)

    const tokens = json('http/oauth-token.sh', {
      ...client,
      REDIRECT_URI: callback,
      CODE: code,
      CODE_VERIFIER: codeVerifier,
    })
    expect(tokens).toMatchObject({
      access_token: expect.stringMatching(/^fsat_/),
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^fsrt_/),
      scope: 'order_read fulfillment_write webhook_read webhook_write',
    })
    expect(json('http/bearer-call.sh', { ACCESS_TOKEN: tokens.access_token })).toMatchObject({ size: 5 })

    const renewed = json('http/oauth-refresh.sh', { ...client, REFRESH_TOKEN: tokens.refresh_token })
    expect(renewed.refresh_token).toMatch(/^fsrt_/)
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token)
    expect(json('http/bearer-call.sh', { ACCESS_TOKEN: renewed.access_token }).results).toBeDefined()
    // The access token issued with the rotated refresh token ended with it.
    expect(JSON.parse(failing('http/bearer-call.sh', { ACCESS_TOKEN: tokens.access_token })).code).toBe('INVALID_TOKEN')
    const narrowed = json('http/oauth-refresh-scope.sh', { ...client, REFRESH_TOKEN: renewed.refresh_token })
    expect(narrowed.scope).toBe('order_read')
    expect(json('http/bearer-call.sh', { ACCESS_TOKEN: narrowed.access_token }).results).toBeDefined()
    // A used refresh token is treated as theft: 400 invalid_grant, and the whole grant is revoked.
    expect(failing('http/oauth-refresh.sh', { ...client, REFRESH_TOKEN: tokens.refresh_token })).toContain(
      'invalid_grant',
    )
    for (const revoked of [renewed.access_token, narrowed.access_token]) {
      expect(JSON.parse(failing('http/bearer-call.sh', { ACCESS_TOKEN: revoked })).code).toBe('INVALID_TOKEN')
    }

    // The SDK version: a second consent, exchanged and used by sdk/oauth-app.ts.
    const sdkVerifier = randomBytes(32).toString('base64url')
    const second = await consent(app.clientId, sdkVerifier)
    const output = runTs('sdk/oauth-app.ts', {
      ...client,
      CODE: second.location.searchParams.get('code') ?? '',
      CODE_VERIFIER: sdkVerifier,
    })
    expect(output.trim()).toMatch(
      /^Pixel Pines Merch: \d+ orders; granted: order_read fulfillment_write webhook_read webhook_write$/,
    )
    // A code is single use: presenting it again is refused, and revokes what it issued.
    const reused = {
      ...client,
      REDIRECT_URI: callback,
      CODE: second.location.searchParams.get('code') ?? '',
      CODE_VERIFIER: sdkVerifier,
    }
    expect(failing('http/oauth-token.sh', reused)).toContain('invalid_grant')
  }, 120_000)

  it('the gifting samples read and finish a draw that fanshelf trigger opened', () => {
    const opened = JSON.parse(
      execFileSync('npx', ['fanshelf', 'trigger', 'GIFT_DRAW_STARTED', '--json'], {
        cwd: repoRoot,
        env,
        encoding: 'utf8',
      }),
    )
    const ids = { DRAW_ID: opened.details.drawId }
    const draw = json('http/get-draw.sh', ids)
    expect(draw).toMatchObject({ id: opened.details.drawId, finishedAt: null })
    const finished = json('http/finish-draw.sh', ids)
    expect(finished.finishedAt).not.toBeNull()
    const winners = finished.gifts.flatMap((gift: { winner: { redeemUri: string } | null }) =>
      gift.winner ? [gift.winner] : [],
    )
    expect(winners.length).toBeGreaterThan(0)
    for (const winner of winners) expect(winner.redeemUri).toMatch(new RegExp(`^${env.FANSHELF_ORIGIN}/gifts/gft_`))
    expect(JSON.parse(failing('http/finish-draw.sh', ids))).toMatchObject({ code: 'GIVEAWAY_DRAW_ALREADY_FINISHED' })
  }, 120_000)

  it('the giveaway samples (beta) create a giveaway, finish it and hand the winner a working redeemUrl', async () => {
    const basic = `Basic ${Buffer.from(`${env.FANSHELF_API_USER}:${env.FANSHELF_API_PASSWORD}`).toString('base64')}`
    const page = (await (
      await fetch(`${env.FANSHELF_ORIGIN}/open-api/v1.0/products?size=100`, { headers: { authorization: basic } })
    ).json()) as { results: Array<{ id: string; state: { type: string }; access: { type: string } }> }
    const offer = page.results.find((p) => p.state.type === 'AVAILABLE' && p.access.type !== 'ARCHIVED')
    if (!offer) throw new Error('The demo shop has no product to give away')

    const created = json('http/create-giveaway.sh', { OFFER_ID: offer.id })
    expect(created).toMatchObject({ id: expect.stringMatching(/^giv_/), quantity: 1, offer: { id: offer.id } })
    const finished = json('http/finish-giveaway.sh', { GIVEAWAY_ID: created.id })
    expect(['mossy_mika', 'quietquill']).toContain(finished.winners[0].userName)
    expect(finished.redeemUrl).toBe(`${env.FANSHELF_ORIGIN}/gifts/${finished.winners[0].giftId}/redeem`)
    const redeemPage = await fetch(finished.redeemUrl)
    expect(redeemPage.status).toBe(200)
    expect(JSON.parse(failing('http/finish-giveaway.sh', { GIVEAWAY_ID: created.id }))).toMatchObject({
      code: 'GIVEAWAY_DRAW_ALREADY_FINISHED',
    })

    // A platform app granted giveaway_write; an empty participant list returns the prize to the shop.
    const app = JSON.parse(
      execFileSync(
        'npx',
        [
          'fanshelf',
          'app',
          'create',
          '--name',
          'Giveaway bot',
          '--redirect-uri',
          callback,
          '--scopes',
          'giveaway_write',
          '--json',
        ],
        { cwd: repoRoot, env, encoding: 'utf8' },
      ),
    )
    const codeVerifier = randomBytes(32).toString('base64url')
    const approved = await consent(app.clientId, codeVerifier)
    const tokens = json('http/oauth-token.sh', {
      FANSHELF_CLIENT_ID: app.clientId,
      FANSHELF_CLIENT_SECRET: app.clientSecret,
      REDIRECT_URI: callback,
      CODE: approved.location.searchParams.get('code') ?? '',
      CODE_VERIFIER: codeVerifier,
    })
    const second = json('http/create-giveaway.sh', { OFFER_ID: offer.id })
    const returned = json('http/finish-giveaway-bearer.sh', {
      GIVEAWAY_ID: second.id,
      ACCESS_TOKEN: tokens.access_token,
    })
    expect(returned).toMatchObject({ id: second.id, winners: [] })
    expect(returned).not.toHaveProperty('redeemUrl')
  }, 120_000)

  it('cli/listen.sh forwards what cli/trigger.sh causes, signed with the secret it prints, as the guide shows', async () => {
    requireBuiltSdk()
    const { verifyWebhook } = await import('@fanshelf/sdk')
    const forwarded: Array<{ headers: IncomingHttpHeaders; body: Buffer }> = []
    const target = createHttpServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        forwarded.push({ headers: request.headers, body: Buffer.concat(chunks) })
        response.writeHead(200).end('ok')
      })
    })
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
    const address = target.address()
    const forwardTo = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/webhooks`
    const listen = start('bash', [path.join(here, 'cli/listen.sh')], { FORWARD_TO: forwardTo })
    try {
      await outputContains(listen.output, 'Ready: trigger events with fanshelf trigger <EVENT_TYPE>.', 90_000)
      const secret = /secret {6}(whsec_\S+)/.exec(listen.output())?.[1] ?? ''

      const triggered = await runAsync('cli/trigger.sh')
      const placed = /→ \d+ deliver(?:y|ies): (.+)$/m.exec(triggered)?.[1]?.split(' ') ?? []
      const donation = JSON.parse(triggered.slice(triggered.indexOf('\n{') + 1))
      expect(donation).toMatchObject({ type: 'DONATION', shopId: env.SHOP_ID })
      const expected = [...placed, ...donation.events[0].deliveryIds]
      await expect
        .poll(() => expected.filter((id) => listen.output().includes(`${id} → ${forwardTo} answered 200`)).length, {
          timeout: 30_000,
        })
        .toBe(2)

      // Every forwarded delivery verifies with the printed secret: listen forwards the signature headers unchanged.
      const types = []
      for (const delivery of forwarded) types.push((await verifyWebhook(delivery.body, delivery.headers, secret)).type)
      expect(new Set(types), listen.output()).toEqual(new Set(['DONATION', 'ORDER_PLACED']))

      // The transcripts of the testing guide match real runs, up to ids, times, ports and latencies.
      expect(normalizeOutput(triggered)).toEqual(
        expect.arrayContaining(normalizeOutput(readFileSync(path.join(here, 'cli/trigger-output.txt'), 'utf8'))),
      )
      // Ctrl+C: the terminal sends SIGINT to the foreground process group (the sample runs in its own).
      process.kill(-(listen.child.pid as number), 'SIGINT')
      await outputContains(listen.output, 'Removed webhook configuration wcon_', 30_000)
      const { child } = listen
      const running = () => child.exitCode === null && child.signalCode === null
      await new Promise((resolve) => (running() ? child.once('exit', resolve) : resolve(0)))
      // It exits cleanly, or as a shell script stopped by Ctrl+C does (npx passes the interrupt on).
      expect([child.exitCode, child.signalCode]).toContainEqual(child.exitCode === 0 ? 0 : 'SIGINT')
      expect(normalizeOutput(listen.output())).toEqual(
        expect.arrayContaining(normalizeOutput(readFileSync(path.join(here, 'cli/listen-output.txt'), 'utf8'))),
      )
    } finally {
      target.close()
    }
  }, 240_000)

  /** The one-time link a `fanshelf shop` command printed. */
  const printedLink = (output: string) => /(http\S+\/admin\/set-password\?token=fsal_\S+)/.exec(output)?.[1] ?? ''

  it('cli/shop-create.sh creates a shop whose owner link opens on this server; cli/shop-list.sh lists it and prints a reset link', async () => {
    const created = run('cli/shop-create.sh')
    // The transcript of the guide matches a real run, up to the shop id, the token, the expiry and the port.
    expect(normalizeOutput(created)).toEqual(
      normalizeOutput(readFileSync(path.join(here, 'cli/shop-create-output.txt'), 'utf8')),
    )
    const ownerLink = printedLink(created)
    expect(ownerLink.startsWith(`${env.FANSHELF_ORIGIN}/admin/set-password?token=fsal_`)).toBe(true)
    const form = await fetch(ownerLink)
    expect(form.status).toBe(200)
    expect(await form.text()).toContain('name="password"')

    const listed = run('cli/shop-list.sh')
    expect(listed).toMatch(/^ID +NAME +DOMAIN +CURRENCY +OWNER +PEOPLE$/m)
    expect(listed).toMatch(/Cedar & Pine +shop\.cedarpine\.example +EUR +owner@cedarpine\.example +1$/m)
    expect(listed).toContain('Pixel Pines Merch')
    expect(listed).toContain('Password-reset link for owner@cedarpine.example (works once, until ')
    const resetLink = printedLink(listed.slice(listed.indexOf('Password-reset link')))
    expect(resetLink.startsWith(`${env.FANSHELF_ORIGIN}/admin/set-password?token=fsal_`)).toBe(true)
    expect(resetLink).not.toBe(ownerLink)
    expect((await fetch(resetLink)).status).toBe(200)
  }, 120_000)

  it('cli/backup.sh backs up the serving install; cli/restore.sh restores it into an empty one with the same shops and key', async () => {
    // Run without blocking this process: a minutes-long synchronous wait would leave the fetches of
    // the next test a kept-alive socket the server has meanwhile closed (its keep-alive is 72 s).
    const run = promisify(execFile)
    const backups = path.join(work, 'backups')
    mkdirSync(backups, { recursive: true })
    const passphraseFile = path.join(work, 'backup-passphrase')
    writeFileSync(passphraseFile, 'a passphrase for the samples\n', { mode: 0o600 })
    /** The sample as the guide shows it, its two paths moved into this test's directory. */
    const script = (sample: string) =>
      readFileSync(path.join(here, sample), 'utf8')
        .replaceAll('/var/backups/fanshelf', backups)
        .replaceAll('/etc/fanshelf/backup-passphrase', passphraseFile)
    const shell = async (code: string, extra: Record<string, string> = {}) =>
      (await run('bash', ['-c', code], { cwd: repoRoot, env: { ...env, ...extra }, encoding: 'utf8' })).stdout

    const backedUp = await shell(script('cli/backup.sh'))
    expect(backedUp).toMatch(
      /^Backed up the SQLite database \(schema \S+: \d+ shops, \d+ orders\) and the secret key to \S+\.fsb \([\d.]+ k?M?B\), encrypted with the passphrase\.$/m,
    )
    const [written] = readdirSync(backups)
    expect(written).toMatch(/^fanshelf-\d{4}-\d\d-\d\d\.fsb$/)
    // The restore sample names one day's backup: this run's file goes under that name.
    const named = /restore (\S+\.fsb)/.exec(script('cli/restore.sh'))?.[1] ?? ''
    renameSync(path.join(backups, written as string), named)

    const target = path.join(work, 'restored')
    const restored = await shell(script('cli/restore.sh'), { DATA_DIR: target })
    expect(restored).toMatch(/^Restored the SQLite database \(schema \S+: \d+ shops, \d+ orders\) backed up at /m)
    expect(restored).toContain(`The backup's secret key is now in ${path.join(target, 'secret.key')}.`)
    const key = (dataDir: string) => readFileSync(path.join(dataDir, 'secret.key'), 'utf8').trim()
    expect(key(target)).toBe(key(path.join(work, 'data')))
    const shops = async (dataDir: string) =>
      JSON.parse(
        (
          await run('npx', ['fanshelf', 'shop', 'list', '--json'], {
            cwd: repoRoot,
            env: { ...env, DATA_DIR: dataDir },
            encoding: 'utf8',
          })
        ).stdout,
      )
    expect(await shops(target)).toEqual(await shops(path.join(work, 'data')))
  }, 180_000)

  it('operate/prometheus.yml scrapes /metrics with the bearer token; the alerts and the guide name metrics the server exposes', async () => {
    const config = parseYaml(readFileSync(path.join(here, 'operate/prometheus.yml'), 'utf8'))
    const job = config.scrape_configs[0]
    expect(job).toMatchObject({ job_name: 'fanshelf', metrics_path: '/metrics', authorization: { type: 'Bearer' } })
    expect(job.authorization.credentials_file).toMatch(/^\/etc\/prometheus\//)
    expect(config.rule_files).toEqual(['fanshelf-alerts.yml'])

    // Some traffic first, so that the request series exist.
    const basic = `Basic ${Buffer.from(`${env.FANSHELF_API_USER}:${env.FANSHELF_API_PASSWORD}`).toString('base64')}`
    await fetch(`${env.FANSHELF_ORIGIN}/open-api/v1.0/shops/current`, { headers: { authorization: basic } })
    const url = `${env.FANSHELF_ORIGIN}${job.metrics_path}`
    expect((await fetch(url)).status).toBe(401)
    expect((await fetch(url, { headers: { authorization: 'Bearer not-the-metrics-token' } })).status).toBe(401)
    const scraped = await fetch(url, { headers: { authorization: `Bearer ${metricsToken}` } })
    expect(scraped.status).toBe(200)
    const text = await scraped.text()
    const families = new Set([...text.matchAll(/^# TYPE (\S+) \S+$/gm)].map((match) => match[1] as string))
    const series = text.split('\n').filter((line) => line !== '' && !line.startsWith('#'))
    // This server runs on SQLite: the PostgreSQL pool gauges are defined in the code, not exposed here.
    const metricsCode = readFileSync(path.join(repoRoot, 'apps/api/src/modules/metrics/metrics.service.ts'), 'utf8')
    const postgresOnly = ['fanshelf_db_pool_connections', 'fanshelf_db_pool_waiting_queries']
    for (const name of postgresOnly) expect(metricsCode).toContain(`name: '${name}'`)
    /** A histogram's series end in _bucket, _sum and _count. */
    const familyOf = (name: string) => (families.has(name) ? name : name.replace(/_(bucket|sum|count)$/, ''))
    const metricNames = (code: string) => [
      ...new Set([...code.matchAll(/\b(?:fanshelf|process|nodejs)_[a-z0-9_]+/g)].map((match) => match[0])),
    ]
    const unknown = (names: string[]) =>
      names.filter((name) => !families.has(familyOf(name)) && !postgresOnly.includes(name))

    const rules = parseYaml(readFileSync(path.join(here, 'operate/fanshelf-alerts.yml'), 'utf8')).groups.flatMap(
      (group: { rules: Array<{ alert: string; expr: string }> }) => group.rules,
    )
    for (const { alert, expr } of rules) {
      expect(unknown(metricNames(expr)), alert).toEqual([])
      // The labels an expression selects or groups by exist on its metric's series.
      const [first] = metricNames(expr)
      const labels = [
        ...[...expr.matchAll(/\{([^}]*)\}/g)].flatMap((match) =>
          [...(match[1] as string).matchAll(/([a-z_]+)\s*(?:=~|!~|!=|=)/g)].map((label) => label[1] as string),
        ),
        ...[...expr.matchAll(/\bby \(([^)]*)\)/g)].flatMap((match) => (match[1] as string).split(/,\s*/)),
      ].filter((label) => label !== 'job')
      if (first === undefined || postgresOnly.includes(first)) continue
      const ofFirst = series.filter((line) => line.startsWith(first))
      for (const label of labels)
        expect(
          ofFirst.some((line) => line.includes(`${label}="`)),
          `${alert}: ${label}`,
        ).toBe(true)
    }
    // The metrics the guide names, its table and its dashboard queries.
    const guide = readFileSync(path.join(here, '../docs/operate/running-fanshelf.mdx'), 'utf8')
    expect(metricNames(guide).length).toBeGreaterThan(12)
    expect(unknown(metricNames(guide))).toEqual([])
  }, 60_000)
})
