import CodeBlock from '@theme/CodeBlock'
import { type ReactNode, useId } from 'react'
import { type CodeLanguage, referenceLanguages } from '../../lib/samples/languages.ts'
import { languageLabel, pickLanguage, useCodeLanguage } from './store.ts'
import styles from './styles.module.css'

export * from './store.ts'

export interface CodeSample {
  /** Language id (see above). */
  language: string
  code: string
  /** Tab label; defaults to the language's name. */
  label?: string
  /** Prism language for highlighting; defaults to the id (curl → bash, typescript → ts). */
  highlight?: string
  /** CodeBlock title (e.g. a file name). */
  title?: string
}

const prismOf: Record<string, string> = { curl: 'bash', typescript: 'ts', javascript: 'js' }

/** Language buttons plus the sample in the chosen language (falls back to a stand-in, then the first). */
export function CodeTabs({
  samples,
  label = 'Code sample language',
}: {
  samples: CodeSample[]
  label?: string
}): ReactNode {
  const { language, setLanguage } = useCodeLanguage()
  const ids = samples.map((sample) => sample.language)
  const shown = pickLanguage(language, ids)
  const sample = samples.find((item) => item.language === shown) ?? samples[0]
  const panelId = useId()
  if (!sample) return null
  return (
    <div className={styles.tabs}>
      {/* biome-ignore lint/a11y/useSemanticElements: a toolbar of toggle buttons, not a form group */}
      <div className={styles.buttons} role="group" aria-label={label}>
        {samples.map((item) => (
          <button
            key={item.language}
            type="button"
            className={styles.button}
            aria-pressed={item.language === sample.language}
            aria-controls={panelId}
            onClick={() => setLanguage(item.language)}
          >
            {item.label ?? languageLabel(item.language)}
          </button>
        ))}
      </div>
      <div id={panelId}>
        <CodeBlock language={sample.highlight ?? prismOf[sample.language] ?? sample.language} title={sample.title}>
          {sample.code}
        </CodeBlock>
      </div>
    </div>
  )
}

/** A stand-alone language picker. */
export function CodeLanguageSwitcher({
  languages = referenceLanguages,
}: {
  languages?: readonly CodeLanguage[]
}): ReactNode {
  const { language, setLanguage } = useCodeLanguage()
  const id = useId()
  return (
    <span className={styles.switcher}>
      <label htmlFor={id}>Code samples in</label>{' '}
      <select
        id={id}
        value={pickLanguage(
          language,
          languages.map((item) => item.id),
        )}
        onChange={(event) => setLanguage(event.target.value)}
      >
        {languages.map((item) => (
          <option key={item.id} value={item.id}>
            {item.label}
          </option>
        ))}
      </select>
    </span>
  )
}
