/**
 * The code-sample languages of the whole site: the reference pages' switcher and the guides'
 * <CodeTabs> (theme/CodeLanguage) use these ids, which are also the `?lang=` values and the values
 * stored under the Docusaurus tabs group `code-language`. Browser-safe (imported by the client).
 */
export interface CodeLanguage {
  id: string
  label: string
  /** Prism grammar (components/code-block.tsx). */
  grammar: string
}

/** Languages every operation of the reference has a sample in, in switcher order. */
export const referenceLanguages: readonly CodeLanguage[] = [
  { id: 'curl', label: 'cURL', grammar: 'bash' },
  { id: 'javascript', label: 'JavaScript', grammar: 'javascript' },
  { id: 'typescript', label: 'TypeScript SDK', grammar: 'typescript' },
  { id: 'python', label: 'Python', grammar: 'python' },
  { id: 'go', label: 'Go', grammar: 'go' },
  { id: 'php', label: 'PHP', grammar: 'php' },
  { id: 'ruby', label: 'Ruby', grammar: 'ruby' },
  { id: 'java', label: 'Java', grammar: 'java' },
]

/** Languages the guides may add (signature verification has C#). */
export const extraLanguages: readonly CodeLanguage[] = [{ id: 'csharp', label: 'C#', grammar: 'csharp' }]

export const allLanguageIds: readonly string[] = [...referenceLanguages, ...extraLanguages].map(
  (language) => language.id,
)

export const defaultLanguage = 'curl'

/**
 * When a block has no sample in the chosen language, the first of these that it has is shown:
 * the SDK and plain JavaScript stand in for each other (a guide's "JavaScript / TypeScript" tab).
 */
export const languageFallbacks: Readonly<Record<string, readonly string[]>> = {
  typescript: ['javascript'],
  javascript: ['typescript'],
}

export function isLanguage(value: unknown): value is string {
  return typeof value === 'string' && allLanguageIds.includes(value)
}
