import { useLocation } from '@docusaurus/router'
import { type ReactNode, useState } from 'react'
import { markdownTwinPath } from '../../markdown-twin'
import styles from './styles.module.css'

type State = 'idle' | 'copied' | 'failed'

const labels: Record<State, string> = {
  idle: 'Copy page as Markdown',
  copied: 'Copied',
  failed: 'Copy failed — use View as Markdown',
}

/** Copies the page's Markdown twin (generated at build time) for pasting into an LLM or an issue. */
export default function CopyPageActions(): ReactNode {
  const { pathname } = useLocation()
  const twin = markdownTwinPath(pathname)
  const [state, setState] = useState<State>('idle')

  async function copy() {
    try {
      const response = await fetch(twin, { headers: { accept: 'text/markdown' } })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      await navigator.clipboard.writeText(await response.text())
      setState('copied')
    } catch {
      setState('failed')
    }
    window.setTimeout(() => setState('idle'), 2500)
  }

  return (
    <div className={`copy-page ${styles.actions}`}>
      <button type="button" className="button button--sm button--secondary" onClick={copy} aria-live="polite">
        {labels[state]}
      </button>
      <a className="button button--sm button--link" href={twin} type="text/markdown">
        View as Markdown
      </a>
    </div>
  )
}
