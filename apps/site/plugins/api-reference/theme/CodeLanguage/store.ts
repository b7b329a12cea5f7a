import { useHistory } from '@docusaurus/router'
import { useQueryString, useStorageSlot } from '@docusaurus/theme-common'
import { useCallback, useEffect } from 'react'
import {
  allLanguageIds,
  type CodeLanguage,
  defaultLanguage,
  extraLanguages,
  isLanguage,
  languageFallbacks,
  referenceLanguages,
} from '../../lib/samples/languages.ts'
/**
 * The site's one code-language choice, shared by the API reference and the guides.
 *
 * - Stored where Docusaurus' `<Tabs groupId="code-language">` stores its choice
 *   (`docusaurus.tab.code-language` + the site's storage namespace, in the site's storage), so
 *   MDX `<Tabs groupId="code-language" queryString="lang">` blocks follow it too.
 * - Reflected in the URL as `?lang=<id>` (replace, not push; the hash is kept), and a `?lang=`
 *   in a link wins over the stored choice.
 * - Ids: curl, javascript, typescript (the Fanshelf SDK), python, go, php, ruby, java, csharp.
 *
 * Guides import from `@site/plugins/api-reference/theme/CodeLanguage`:
 *   useCodeLanguage()            → { language, setLanguage }
 *   <CodeTabs samples={[…]} />   → language buttons + the sample in the chosen language
 *   <CodeLanguageSwitcher />     → a stand-alone <select> (e.g. at the top of a guide)
 */

export const codeLanguageGroupId = 'code-language'
export const codeLanguageQueryKey = 'lang'
export type { CodeLanguage }
export { allLanguageIds, defaultLanguage, extraLanguages, isLanguage, referenceLanguages }

export interface CodeLanguageState {
  /** The chosen language id (`?lang=`, else stored, else `curl`). */
  language: string
  /** Whether the reader (or a link) chose it; false while showing the default. */
  chosen: boolean
  setLanguage: (id: string) => void
}

export function useCodeLanguage(): CodeLanguageState {
  const [stored, slot] = useStorageSlot(`docusaurus.tab.${codeLanguageGroupId}`)
  const [query] = useQueryString(codeLanguageQueryKey)
  const history = useHistory()
  const language = isLanguage(query) ? query : isLanguage(stored) ? stored : defaultLanguage
  // A `?lang=` link is a choice too: remember it for the next pages.
  useEffect(() => {
    if (isLanguage(query) && query !== stored) slot.set(query)
  }, [query, stored, slot])
  const setLanguage = useCallback(
    (id: string) => {
      if (!isLanguage(id)) return
      slot.set(id)
      const search = new URLSearchParams(history.location.search)
      if (search.get(codeLanguageQueryKey) === id) return
      search.set(codeLanguageQueryKey, id)
      history.replace({ ...history.location, search: `?${search.toString()}` })
    },
    [slot, history],
  )
  return { language, chosen: isLanguage(query) || isLanguage(stored), setLanguage }
}

/** The sample to show for `language` among `available` ids: itself, a stand-in, or the first. */
export function pickLanguage(language: string, available: readonly string[]): string | undefined {
  if (available.includes(language)) return language
  for (const fallback of languageFallbacks[language] ?? []) if (available.includes(fallback)) return fallback
  return available[0]
}

const labels = new Map([...referenceLanguages, ...extraLanguages].map((language) => [language.id, language.label]))

export function languageLabel(id: string): string {
  return labels.get(id) ?? id
}
