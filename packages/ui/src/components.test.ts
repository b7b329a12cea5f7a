import { createElement as h } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import {
  Button,
  Checkbox,
  CodeBlock,
  componentsCss,
  Dialog,
  designSystemCss,
  nextFocusIndex,
  Pagination,
  Pill,
  SelectField,
  Table,
  TextField,
  tokensCss,
} from './index.js'

/** The attributes of the first element matching `tag` in rendered markup (enough for our own output). */
function attributes(html: string, tag: string): Record<string, string> {
  const match = new RegExp(`<${tag}\\b([^>]*)>`).exec(html)
  if (!match) throw new Error(`no <${tag}> in ${html}`)
  return Object.fromEntries(
    [...(match[1] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]?.toLowerCase(), m[2]]),
  )
}

function idsOf(value: string | undefined) {
  return (value ?? '').split(' ').filter(Boolean)
}

describe('TextField', () => {
  it('names its input with its label and describes it with its hint and error', () => {
    const html = renderToStaticMarkup(
      h(TextField, {
        label: 'Email',
        hint: 'Where receipts go',
        error: 'Enter an email address',
        inputMode: 'email',
        autoComplete: 'email',
      }),
    )
    const input = attributes(html, 'input')
    expect(attributes(html, 'label').for).toBe(input.id)
    const described = idsOf(input['aria-describedby'])
    expect(described).toHaveLength(2)
    for (const id of described) expect(html).toContain(`id="${id}"`)
    expect(html).toMatch(/id="[^"]+-hint"[^>]*>Where receipts go/)
    expect(html).toMatch(/id="[^"]+-error"[^>]*>Enter an email address/)
    expect(input['aria-invalid']).toBe('true')
    expect(input.inputmode).toBe('email')
    expect(input.autocomplete).toBe('email')
  })

  it('is not described by anything, nor invalid, without a hint or an error', () => {
    const input = attributes(renderToStaticMarkup(h(TextField, { label: 'Name' })), 'input')
    expect(input['aria-describedby']).toBeUndefined()
    expect(input['aria-invalid']).toBeUndefined()
    expect(input.type).toBe('text')
  })
})

describe('SelectField and Checkbox', () => {
  it('tie their labels to their controls', () => {
    const select = renderToStaticMarkup(
      h(SelectField, { label: 'Country', options: [{ value: 'DE', label: 'Germany' }], hint: 'Ships from the EU' }),
    )
    expect(attributes(select, 'label').for).toBe(attributes(select, 'select').id)
    expect(attributes(select, 'select')['aria-describedby']).toMatch(/-hint$/)
    const checkbox = renderToStaticMarkup(h(Checkbox, { label: 'Send me news', name: 'news' }))
    expect(attributes(checkbox, 'input').type).toBe('checkbox')
    expect(attributes(checkbox, 'label').for).toBe(attributes(checkbox, 'input').id)
  })

  it('keep an id they are given, so an error summary can link to the control', () => {
    const checkbox = renderToStaticMarkup(h(Checkbox, { id: 'f-terms', label: 'I agree', name: 'terms' }))
    expect(attributes(checkbox, 'input').id).toBe('f-terms')
    expect(attributes(checkbox, 'label').for).toBe('f-terms')
  })
})

describe('Pagination', () => {
  const render = (page: number, totalPages: number, total: number) =>
    renderToStaticMarkup(h(Pagination, { page, totalPages, total, size: 20, onPage: () => {} }))
  const disabled = (html: string) =>
    [...html.matchAll(/<button([^>]*)>(Previous|Next)/g)].map((m) => [m[2], (m[1] ?? '').includes('disabled')])

  it('disables Previous on the first page and Next on the last', () => {
    expect(disabled(render(0, 3, 45))).toEqual([
      ['Previous', true],
      ['Next', false],
    ])
    expect(disabled(render(2, 3, 45))).toEqual([
      ['Previous', false],
      ['Next', true],
    ])
    expect(render(2, 3, 45)).toContain('41–45 of 45')
  })

  it('shows nothing for an empty list', () => {
    expect(render(0, 0, 0)).toBe('')
  })
})

describe('Dialog', () => {
  it('cycles Tab inside itself: past the last control to the first, Shift+Tab from the first to the last', () => {
    expect(nextFocusIndex(3, 2, false)).toBe(0)
    expect(nextFocusIndex(3, 0, true)).toBe(2)
    expect(nextFocusIndex(3, 1, false)).toBe(2)
    expect(nextFocusIndex(3, -1, false)).toBe(0)
    expect(nextFocusIndex(3, -1, true)).toBe(2)
    expect(nextFocusIndex(0, -1, false)).toBe(-1)
  })

  it('is a native dialog named by its title (the page behind a modal <dialog> is inert)', () => {
    // Closed on the server: the content renders once the dialog opens in the browser.
    const html = renderToStaticMarkup(
      h(Dialog, { open: false, title: 'Rotate the secret?', onClose: () => {}, children: 'x' }),
    )
    expect(html).toMatch(/^<dialog class="fs-dialog" aria-labelledby="[^"]+"><\/dialog>$/)
  })
})

describe('Table', () => {
  it('labels each cell with its column for the cards layout, and scrolls in a focusable named region', () => {
    const html = renderToStaticMarkup(
      h(Table<{ id: string; total: string }>, {
        label: 'Orders',
        narrow: 'cards',
        rowKey: (row) => row.id,
        rows: [{ id: 'a', total: '€12.00' }],
        columns: [
          { header: 'Order', cell: (row) => row.id },
          { header: 'Total', cell: (row) => row.total, numeric: true },
        ],
      }),
    )
    expect(attributes(html, 'section')).toMatchObject({ tabindex: '0', 'aria-label': 'Orders' })
    expect(html).toContain('<td data-label="Total" class="fs-table__number">€12.00</td>')
    expect(html).toContain('<caption class="fs-visually-hidden">Orders</caption>')
  })
})

describe('the stylesheet', () => {
  it('never lets a pill wrap mid-word and prefixes every class with fs-', () => {
    expect(componentsCss).toMatch(/\.fs-pill \{[^}]*white-space: nowrap/)
    const classes = [...componentsCss.matchAll(/\.([a-z][\w-]*)/g)].map((m) => m[1])
    expect(classes.filter((name) => !name?.startsWith('fs-'))).toEqual([])
  })

  it('uses only custom properties that the tokens define', () => {
    const defined = new Set([...tokensCss.matchAll(/(--fs-[\w-]+):/g)].map((m) => m[1]))
    const used = new Set([...designSystemCss.matchAll(/var\((--fs-[\w-]+)\)/g)].map((m) => m[1]))
    expect([...used].filter((name) => !defined.has(name))).toEqual([])
  })

  it('renders buttons, pills and code blocks with their classes', () => {
    expect(renderToStaticMarkup(h(Button, { variant: 'primary', children: 'Save' }))).toBe(
      '<button type="button" class="fs-button fs-button--primary">Save</button>',
    )
    expect(renderToStaticMarkup(h(Pill, { tone: 'brand', children: 'orders:read' }))).toContain(
      'fs-pill fs-pill--brand',
    )
    expect(renderToStaticMarkup(h(CodeBlock, { code: 'npm start', label: 'Start' }))).toContain('tabindex="0"')
  })
})
