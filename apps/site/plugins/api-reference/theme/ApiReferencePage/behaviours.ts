import { pickLanguage } from '../CodeLanguage/store.ts'
import { showSamples } from './other-samples.ts'

/**
 * Everything interactive on a reference page except the try-it console, as plain DOM code over
 * the build-time HTML (one delegated listener per event type, no per-element React):
 * language buttons (other languages' samples are fetched, other-samples.ts), copy buttons, lazily filled `<details>` (named schemas and shared responses
 * copied from their section), scroll-spy in the contents, print, and in-site link navigation.
 */

export interface Hooks {
  setLanguage: (id: string) => void
  openTryIt: (operationId: string, host: HTMLElement) => void
  navigate: (href: string) => void
}

const wide = '(min-width: 997px)'

/** The languages the reference has samples in, read from the first switcher on the page. */
function pageLanguages(island: HTMLElement): string[] {
  const group = island.querySelector('.fsr-langs')
  return group ? [...group.querySelectorAll<HTMLElement>('[data-lang]')].map((button) => button.dataset.lang ?? '') : []
}

/** Shows `language` (or its stand-in) in every sample block; keeps the clicked element still. */
export function applyLanguage(island: HTMLElement, language: string, anchor?: Element): void {
  const shown = pickLanguage(language, pageLanguages(island)) ?? 'curl'
  const before = anchor?.getBoundingClientRect().top
  // Unchanged attributes are left alone: every change restyles the samples of the whole page.
  if (document.documentElement.getAttribute('data-code-language') !== shown) {
    document.documentElement.setAttribute('data-code-language', shown)
  }
  for (const button of island.querySelectorAll<HTMLElement>('.fsr-langs [data-lang]')) {
    const pressed = String(button.dataset.lang === shown)
    if (button.getAttribute('aria-pressed') !== pressed) button.setAttribute('aria-pressed', pressed)
  }
  void showSamples(island, shown)
  if (anchor && before !== undefined) {
    const after = anchor.getBoundingClientRect().top
    if (Math.abs(after - before) > 1) window.scrollBy(0, after - before)
  }
}

/** Copies a named section's `.fsr-clone` into a lazy `<details>` the first time it opens. */
function fillLazy(details: HTMLDetailsElement): void {
  if (details.dataset.filled) return
  const source = document
    .getElementById(details.dataset.src ?? '')
    ?.closest('section')
    ?.querySelector('.fsr-clone')
  if (!source) return
  const copy = source.cloneNode(true) as HTMLElement
  for (const withId of copy.querySelectorAll('[id]')) withId.removeAttribute('id')
  copy.classList.remove('fsr-clone')
  const summary = details.querySelector(':scope > summary')
  details.replaceChildren(...(summary ? [summary] : []), copy)
  details.dataset.filled = 'true'
}

async function copyText(button: HTMLElement): Promise<void> {
  const text = button.closest('.fsr-sample')?.querySelector('pre')?.textContent ?? ''
  try {
    await navigator.clipboard.writeText(text)
    button.textContent = 'Copied'
  } catch {
    button.textContent = 'Copy failed'
  }
  window.setTimeout(() => {
    button.textContent = 'Copy'
  }, 1500)
}

function scrollSpy(island: HTMLElement): () => void {
  const nav = island.querySelector<HTMLElement>('.fsr-nav')
  if (!nav || typeof IntersectionObserver === 'undefined') return () => {}
  const links = new Map<string, HTMLAnchorElement>()
  for (const link of nav.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')) {
    links.set(decodeURIComponent(link.getAttribute('href')?.slice(1) ?? ''), link)
  }
  const targets = [...island.querySelectorAll<HTMLElement>('.fsr-article h2[id], .fsr-article h3[id]')].filter(
    (heading) => links.has(heading.id),
  )
  const visible = new Set<string>()
  let current: HTMLAnchorElement | undefined
  const update = () => {
    // The first heading in document order that is on screen, else the last one above it.
    const first = targets.find((heading) => visible.has(heading.id))
    const id = first?.id
    if (!id) return
    const link = links.get(id)
    if (!link || link === current) return
    current?.removeAttribute('aria-current')
    link.setAttribute('aria-current', 'location')
    current = link
    if (!window.matchMedia(wide).matches) return
    for (let parent = link.parentElement; parent && parent !== nav; parent = parent.parentElement) {
      if (parent instanceof HTMLDetailsElement && !parent.open && !parent.classList.contains('fsr-navd'))
        parent.open = true
    }
    const box = nav.getBoundingClientRect()
    const item = link.getBoundingClientRect()
    if (item.top < box.top + 40 || item.bottom > box.bottom - 40) {
      nav.scrollTop += item.top - box.top - box.height / 3
    }
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const id = (entry.target as HTMLElement).id
        if (entry.isIntersecting) visible.add(id)
        else visible.delete(id)
      }
      update()
    },
    { rootMargin: '-64px 0px -55% 0px' },
  )
  for (const target of targets) observer.observe(target)
  return () => observer.disconnect()
}

export function attach(island: HTMLElement, hooks: Hooks): () => void {
  const navDetails = island.querySelector<HTMLDetailsElement>('.fsr-navd')
  // Open beside the page on a wide screen. On a phone it stays as the server sent it (closed) or as
  // the reader left it: a tap on "Contents" before the page's script ran is not undone.
  if (navDetails && window.matchMedia(wide).matches) navDetails.open = true

  const onClick = (event: MouseEvent) => {
    const target = event.target as Element | null
    const button = target?.closest<HTMLElement>('button')
    if (button && island.contains(button)) {
      if (button.dataset.lang && button.closest('.fsr-langs')) {
        hooks.setLanguage(button.dataset.lang)
        applyLanguage(island, button.dataset.lang, button)
        return
      }
      if (button.classList.contains('fsr-retry')) {
        void showSamples(island, document.documentElement.getAttribute('data-code-language') ?? '')
        return
      }
      if (button.classList.contains('fsr-copy')) {
        void copyText(button)
        return
      }
      if (button.classList.contains('fsr-try') && button.dataset.op) {
        let host = button.nextElementSibling as HTMLElement | null
        if (!host?.classList.contains('fsr-console')) {
          host = document.createElement('div')
          host.className = 'fsr-console'
          button.after(host)
        }
        button.setAttribute('aria-expanded', 'true')
        hooks.openTryIt(button.dataset.op, host)
        return
      }
    }
    const link = target?.closest<HTMLAnchorElement>('a[href]')
    if (!link || !island.contains(link) || event.defaultPrevented || event.button !== 0) return
    if (
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      link.target ||
      link.hasAttribute('download')
    )
      return
    const href = link.getAttribute('href') ?? ''
    if (href.startsWith('#')) {
      // Contents on a phone: close it after picking an entry.
      if (navDetails && link.closest('.fsr-nav') && !window.matchMedia(wide).matches) navDetails.open = false
      return
    }
    if (href.startsWith('/') && !href.startsWith('//') && !/\.[a-z0-9]+(?:[?#]|$)/i.test(href)) {
      event.preventDefault()
      hooks.navigate(href)
    }
  }

  const onToggle = (event: Event) => {
    const details = event.target
    if (details instanceof HTMLDetailsElement && details.open && details.classList.contains('fsr-lazy'))
      fillLazy(details)
  }

  const onBeforePrint = () => {
    for (const details of island.querySelectorAll<HTMLDetailsElement>('.fsr-article details')) {
      if (details.classList.contains('fsr-lazy')) continue
      details.open = true
    }
  }

  island.addEventListener('click', onClick)
  island.addEventListener('toggle', onToggle, true)
  window.addEventListener('beforeprint', onBeforePrint)
  // The scroll-spy observes hundreds of headings: set it up when the reader scrolls (a deep link
  // scrolls on load), not during the page's start-up.
  let stopSpy: () => void = () => {}
  let spying = false
  const startSpy = () => {
    if (spying) return
    spying = true
    window.removeEventListener('scroll', startSpy)
    stopSpy = scrollSpy(island)
  }
  if (window.scrollY > 0 || window.location.hash) startSpy()
  else window.addEventListener('scroll', startSpy, { passive: true })
  // Replay the clicks the inline script queued before this point (see lib/language-script.ts).
  const early = window as unknown as { __fsrQueue?: HTMLElement[]; __fsrReady?: boolean }
  early.__fsrReady = true
  for (const button of early.__fsrQueue?.splice(0) ?? []) if (island.contains(button)) button.click()
  return () => {
    early.__fsrReady = false
    window.removeEventListener('scroll', startSpy)
    island.removeEventListener('click', onClick)
    island.removeEventListener('toggle', onToggle, true)
    window.removeEventListener('beforeprint', onBeforePrint)
    stopSpy()
  }
}

const cache = new Map<string, string>()

/**
 * After a client-side navigation to a reference page the island is empty (its HTML is not in the
 * JS bundle on purpose): fetch the page's static HTML and take the island from it.
 */
export async function ensureContent(island: HTMLElement, pathname: string): Promise<boolean> {
  if (island.childElementCount > 0) return true
  let html = cache.get(pathname)
  if (html === undefined) {
    const response = await fetch(pathname, { headers: { Accept: 'text/html' } })
    if (!response.ok) throw new Error(`${response.status} for ${pathname}`)
    const page = new DOMParser().parseFromString(await response.text(), 'text/html')
    const found = page.querySelector('.fsr')
    if (!found || found.childElementCount === 0) throw new Error(`No reference content in ${pathname}`)
    html = found.innerHTML
    cache.set(pathname, html)
  }
  island.innerHTML = html
  return false
}
