import { describe, expect, it } from 'vitest'
import { markdownTwinPath } from '../../src/markdown-twin.ts'
import { pageToMarkdown } from './html-to-markdown.ts'

const page = (body: string) =>
  `<!doctype html><html><head><title>Retry policy | Fanshelf Developer Docs</title><meta name="description" content="How retries work."></head><body><nav class="navbar">Menu</nav><main><div class="theme-doc-markdown markdown"><div class="copy-page"><button>Copy page as Markdown</button></div><header><h1>Retry policy</h1></header>${body}</div></main></body></html>`

describe('pageToMarkdown', () => {
  it('converts the doc body, not the chrome, with its title and description', () => {
    const result = pageToMarkdown(page('<p>Hello <a href="/webhooks/">webhooks</a>.</p>'), {
      siteUrl: 'https://docs.test',
    })
    expect(result?.title).toBe('Retry policy | Fanshelf Developer Docs')
    expect(result?.description).toBe('How retries work.')
    expect(result?.markdown).toBe('# Retry policy\n\nHello [webhooks](https://docs.test/webhooks/).')
  })

  it('keeps code blocks with their language and title, and drops anchors, buttons and React comments', () => {
    const html = page(
      '<h2 id="a">Schedule<a class="hash-link" href="#a">#</a></h2><p>After <!-- -->5 s<!-- -->.</p>' +
        '<div class="language-bash theme-code-block"><div class="codeBlockTitle_x">first-call.sh</div><pre><code><span class="token-line">curl -u a:b \\<br></span><span class="token-line">  https://x<br></span></code></pre><button>Copy</button></div>',
    )
    expect(pageToMarkdown(html, { siteUrl: 'https://docs.test' })?.markdown).toBe(
      '# Retry policy\n\n## Schedule\n\nAfter 5 s.\n\n*first-call.sh*\n\n```bash\ncurl -u a:b \\\n  https://x\n```',
    )
  })

  it('turns Mermaid diagrams, tabs and tables into Markdown', () => {
    const html = page(
      '<div class="fanshelf-diagram" data-mermaid-source="flowchart LR\n  A --> B"><noscript><pre>x</pre></noscript></div>' +
        '<div class="tabs-container"><ul role="tablist"><li role="tab">Python</li><li role="tab">Go</li></ul><div role="tabpanel"><p>py</p></div><div role="tabpanel" hidden><p>go</p></div></div>' +
        '<table><thead><tr><th>Attempt</th><th>Delay</th></tr></thead><tbody><tr><td>2</td><td>5 s</td></tr></tbody></table>',
    )
    const markdown = pageToMarkdown(html, { siteUrl: 'https://docs.test' })?.markdown ?? ''
    expect(markdown).toContain('```mermaid\nflowchart LR\n  A --> B\n```')
    expect(markdown).toContain('**Python**\n\npy\n\n**Go**\n\ngo')
    expect(markdown).toContain('| Attempt | Delay |')
  })
})

describe('pageToMarkdown on the landing page', () => {
  it('writes each area card as a list item: its title as the link, then its text, never run together', () => {
    const html = page(
      '<ul class="cards_x">' +
        '<li><a class="area-card card_VS7K" href="/storefront/"><span class="title_a">Storefront guides</span><span class="text_b">Build your own shop front: products, collections, carts and the hand-off to checkout.</span></a></li>' +
        '<li><a class="area-card card_VS7K" href="/open-api/"><span class="title_a">Open API reference</span><span class="text_b">Orders, products and shop data.</span></a></li>' +
        '</ul>',
    )
    const markdown = pageToMarkdown(html, { siteUrl: 'https://docs.test' })?.markdown ?? ''
    expect(markdown).toContain(
      '- [Storefront guides](https://docs.test/storefront/) — Build your own shop front: products, collections, carts and the hand-off to checkout.\n' +
        '- [Open API reference](https://docs.test/open-api/) — Orders, products and shop data.',
    )
    expect(markdown).not.toMatch(/guidesBuild|referenceOrders/)
  })
})

describe('markdownTwinPath', () => {
  it('adds .md to the address without its trailing slash', () => {
    expect(markdownTwinPath('/')).toBe('/index.md')
    expect(markdownTwinPath('/webhooks/')).toBe('/webhooks.md')
    expect(markdownTwinPath('/webhooks/webhook-model/')).toBe('/webhooks/webhook-model.md')
  })
})
