import { defaultLanguage, referenceLanguages } from '../../lib/samples/languages.ts'

/**
 * The samples in the languages a reference page does not carry (decision 0053): the page has the
 * default language's sample of every operation, and `.fsr-layout[data-samples]` names a static JSON
 * file beside the page (`operationId → language → HTML of the sample block`, lib/samples-file.ts).
 * The file is fetched once, the first time a reader shows another language (a click, or a stored
 * or `?lang=` choice at load), and each operation gets the chosen language's block. While it loads,
 * and if it fails, each samples block says so (with a "Try again" button) instead of going blank.
 */

type Samples = Record<string, Record<string, string> | undefined>

const files = new Map<string, Promise<Samples>>()

function samplesFile(url: string): Promise<Samples> {
  let pending = files.get(url)
  if (pending === undefined) {
    pending = fetch(url, { headers: { Accept: 'application/json' } }).then(async (response) => {
      if (!response.ok) throw new Error(`${response.status} for ${url}`)
      return (await response.json()) as Samples
    })
    // A failed fetch is not kept: "Try again" asks again.
    pending.catch(() => files.delete(url))
    files.set(url, pending)
  }
  return pending
}

const labelOf = (language: string) => referenceLanguages.find((item) => item.id === language)?.label ?? language

/** The samples blocks that have no sample in `language` yet. */
function missing(island: HTMLElement, language: string): HTMLElement[] {
  return [...island.querySelectorAll<HTMLElement>('.fsr-samples')].filter(
    (block) => block.querySelector(`:scope > .fsr-sample[data-lang="${language}"]`) === null,
  )
}

/** A block's loading or error line (`.fsr-state`), created when first needed. */
function setState(block: HTMLElement, language: string, state: 'loading' | 'failed'): void {
  let line = block.querySelector<HTMLElement>(':scope > .fsr-state')
  if (line === null) {
    line = document.createElement('div')
    line.className = 'fsr-state'
    block.append(line)
  }
  line.dataset.state = state
  line.dataset.lang = language
  const label = labelOf(language)
  if (state === 'loading') {
    block.setAttribute('aria-busy', 'true')
    line.replaceChildren(`Loading the ${label} sample…`)
  } else {
    block.removeAttribute('aria-busy')
    const retry = document.createElement('button')
    retry.type = 'button'
    retry.className = 'fsr-retry'
    retry.textContent = 'Try again'
    line.replaceChildren(`The ${label} sample could not be loaded. `, retry)
  }
}

function clearState(block: HTMLElement): void {
  block.querySelector(':scope > .fsr-state')?.remove()
  block.removeAttribute('aria-busy')
}

/**
 * Makes every operation of the page show `language`: nothing to do for the default language or
 * once the blocks have it; otherwise fetch the samples file (once) and add the blocks.
 */
export function showSamples(island: HTMLElement, language: string): Promise<void> {
  const layout = island.querySelector<HTMLElement>('.fsr-layout[data-samples]')
  // From here on the script's states replace the stylesheet's pre-script placeholder.
  layout?.setAttribute('data-samples-script', '')
  const blocks = [...island.querySelectorAll<HTMLElement>('.fsr-samples')]
  if (language === defaultLanguage || layout?.dataset.samples === undefined) {
    for (const block of blocks) clearState(block)
    return Promise.resolve()
  }
  const waiting = missing(island, language)
  // Another language's line (still loading, or failed) is not this one's.
  for (const block of blocks) if (!waiting.includes(block)) clearState(block)
  if (waiting.length === 0) return Promise.resolve()
  for (const block of waiting) setState(block, language, 'loading')
  return samplesFile(layout.dataset.samples).then(
    (samples) => {
      for (const block of missing(island, language)) {
        const operationId = block.closest<HTMLElement>('[data-op]')?.dataset.op ?? ''
        const html = samples[operationId]?.[language]
        // Keep the line of another language the reader has switched to in the meantime.
        const line = block.querySelector<HTMLElement>(':scope > .fsr-state')
        if (line?.dataset.lang === language) clearState(block)
        if (html !== undefined) block.insertAdjacentHTML('beforeend', html)
      }
    },
    () => {
      // The reader may have moved on to another language meanwhile: that one's lines stay.
      if (document.documentElement.getAttribute('data-code-language') !== language) return
      for (const block of missing(island, language)) setState(block, language, 'failed')
    },
  )
}
