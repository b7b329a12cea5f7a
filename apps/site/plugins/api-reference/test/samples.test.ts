import { describe, expect, it } from 'vitest'
import { languageScript } from '../lib/language-script.ts'
import { codeSamples } from '../lib/samples/index.ts'
import type { SampleRequest } from '../lib/samples/request.ts'

const base: SampleRequest = {
  specId: 'open-api',
  operationId: 'createPromotion',
  method: 'POST',
  baseUrl: 'https://api.fanshelf.dev/open-api/v1.0',
  pathTemplate: '/promotions',
  pathParams: [],
  path: '/promotions',
  query: [],
  arrayParams: [],
  headers: [],
  auth: { type: 'basic', userEnv: 'FANSHELF_API_USER', passwordEnv: 'FANSHELF_API_PASSWORD' },
  body: {
    mediaType: 'application/json',
    json: { title: "Tom's sale", code: 'SPRING15', limits: { once: true, max: null } },
  },
  responseHasBody: true,
  resultName: 'promotion',
}

function samples(request: SampleRequest): Record<string, string> {
  return Object.fromEntries(codeSamples(request).map((sample) => [sample.language, sample.code]))
}

describe('code samples', () => {
  it('covers the eight reference languages', () => {
    expect(Object.keys(samples(base))).toEqual([
      'curl',
      'javascript',
      'typescript',
      'python',
      'go',
      'php',
      'ruby',
      'java',
    ])
  })

  it('curl: basic auth from env, JSON body with shell-safe quoting', () => {
    const { curl } = samples(base)
    expect(curl).toContain(`curl -X POST 'https://api.fanshelf.dev/open-api/v1.0/promotions'`)
    expect(curl).toContain('-u "$FANSHELF_API_USER:$FANSHELF_API_PASSWORD"')
    expect(curl).toContain(`"title": "Tom'\\''s sale"`)
  })

  it('JavaScript fetch and the SDK', () => {
    const { javascript, typescript } = samples(base)
    expect(javascript).toContain("const response = await fetch('https://api.fanshelf.dev/open-api/v1.0/promotions', {")
    expect(javascript).toContain(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the generated JavaScript's template literal
      'Authorization: `Basic ${btoa(`${process.env.FANSHELF_API_USER}:${process.env.FANSHELF_API_PASSWORD}`)}`',
    )
    expect(javascript).toContain("title: 'Tom\\'s sale'")
    expect(javascript).toContain('const promotion = await response.json()')
    expect(typescript).toContain("import { createOpenApiClient } from '@fanshelf/sdk'")
    expect(typescript).toContain("baseUrl: 'https://api.fanshelf.dev',")
    expect(typescript).toContain(
      'auth: { username: process.env.FANSHELF_API_USER!, password: process.env.FANSHELF_API_PASSWORD! },',
    )
    expect(typescript).toContain('const promotion = await client.createPromotion({\n  body: {')
  })

  it('Python, Go, PHP, Ruby and Java literals', () => {
    const all = samples(base)
    expect(all.python).toContain('auth=(os.environ["FANSHELF_API_USER"], os.environ["FANSHELF_API_PASSWORD"])')
    expect(all.python).toContain('"max": None,')
    expect(all.go).toContain('req.SetBasicAuth(os.Getenv("FANSHELF_API_USER"), os.Getenv("FANSHELF_API_PASSWORD"))')
    expect(all.go).toContain('http.MethodPost')
    expect(all.php).toContain("'max' => null,")
    expect(all.ruby).toContain('max: nil,')
    expect(all.ruby).toContain('Net::HTTP::Post.new(uri)')
    expect(all.java).toContain('.method("POST", HttpRequest.BodyPublishers.ofString("""')
  })

  it('puts the storefront token in the query string, never a literal secret', () => {
    const storefront: SampleRequest = {
      ...base,
      specId: 'storefront-api',
      operationId: 'getStorefrontShop',
      method: 'GET',
      baseUrl: 'https://storefront-api.fanshelf.dev/v1',
      pathTemplate: '/shop',
      path: '/shop',
      auth: { type: 'query', name: 'storefront_token', env: 'FANSHELF_STOREFRONT_TOKEN' },
      resultName: 'storefrontShop',
    }
    delete storefront.body
    const all = samples(storefront)
    expect(all.curl).toBe(
      'curl "https://storefront-api.fanshelf.dev/v1/shop?storefront_token=$FANSHELF_STOREFRONT_TOKEN"',
    )
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the generated JavaScript's template literal
    expect(all.javascript).toContain('storefront_token=${encodeURIComponent(process.env.FANSHELF_STOREFRONT_TOKEN)}')
    expect(all.typescript).toContain(
      "const storefront = createStorefrontClient({\n  baseUrl: 'https://storefront-api.fanshelf.dev',",
    )
    expect(all.typescript).toContain('storefrontToken: process.env.FANSHELF_STOREFRONT_TOKEN!')
    expect(all.typescript).toContain('const storefrontShop = await storefront.getStorefrontShop()')
    expect(all.python).toContain('"storefront_token": os.environ["FANSHELF_STOREFRONT_TOKEN"]')
    for (const code of Object.values(all)) expect(code).not.toMatch(/ptkn_/)
  })

  it('SDK calls: path, query (arrays as arrays, odd names quoted) and headers in one argument', () => {
    const list: SampleRequest = {
      ...base,
      operationId: 'listOrders',
      method: 'GET',
      pathTemplate: '/order/{orderId}',
      pathParams: [['orderId', 'c1f5']],
      path: '/order/c1f5',
      query: [
        ['status', 'CONFIRMED'],
        ['createdAt[gt]', '2026-11-01T00:00:00Z'],
        ['size', '20'],
      ],
      arrayParams: ['status'],
      headers: [['If-None-Match', '"abc"']],
      auth: { type: 'bearer', tokenEnv: 'FANSHELF_ACCESS_TOKEN' },
      resultName: 'orderPage',
    }
    delete list.body
    const { typescript } = samples(list)
    expect(typescript).toContain('auth: { accessToken: process.env.FANSHELF_ACCESS_TOKEN! },')
    expect(typescript).toContain(
      "const orderPage = await client.listOrders({\n  path: {\n    orderId: 'c1f5',\n  },\n  query: {\n    status: [\n      'CONFIRMED',\n    ],\n    'createdAt[gt]': '2026-11-01T00:00:00Z',\n    size: 20,\n  },\n  headers: {\n    'If-None-Match': '\"abc\"',\n  },\n})",
    )
  })

  it('form bodies for the OAuth endpoints', () => {
    const token: SampleRequest = {
      ...base,
      operationId: 'exchangePlatformToken',
      pathTemplate: '/platform/token',
      path: '/platform/token',
      auth: { type: 'none' },
      body: {
        mediaType: 'application/x-www-form-urlencoded',
        form: [
          ['grant_type', 'authorization_code'],
          ['code', 'abc'],
        ],
      },
    }
    const all = samples(token)
    expect(all.curl).toContain("--data-urlencode 'grant_type=authorization_code'")
    expect(all.javascript).toContain('body: new URLSearchParams({')
    expect(all.python).toContain('data={')
    expect(all.go).toContain('form := url.Values{')
    expect(all.php).toContain('http_build_query([')
    expect(all.ruby).toContain('request.set_form_data(')
    expect(all.java).toContain('URLEncoder.encode("authorization_code", StandardCharsets.UTF_8)')
    expect(all.python).not.toContain('import os')
  })
})

describe('language script', () => {
  it('reads ?lang= then the namespaced Docusaurus tabs key and falls back to curl', () => {
    const script = languageScript({ type: 'localStorage', namespace: '-bdf' })
    expect(script).toContain('window.localStorage.getItem("docusaurus.tab.code-language-bdf")')
    expect(script).toContain("get('lang')")
    expect(script).toContain('"curl"')
    expect(languageScript({ type: 'none', namespace: '' })).not.toContain('Storage')
  })

  it('remembers a ?lang= choice at once, before React hydrates', () => {
    const script = languageScript({ type: 'localStorage', namespace: '-bdf' })
    const body = script.replace(/^<script>/, '').replace(/<\/script>$/, '')
    const stored = new Map<string, string>()
    const attributes = new Map<string, string>()
    const window = {
      localStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => void stored.set(key, value),
      },
    }
    const document = {
      documentElement: { setAttribute: (name: string, value: string) => void attributes.set(name, value) },
      addEventListener: () => {},
    }
    new Function('window', 'location', 'document', body)(window, { search: '?lang=go' }, document)
    expect(attributes.get('data-code-language')).toBe('go')
    expect(stored.get('docusaurus.tab.code-language-bdf')).toBe('go')
  })
})
