/**
 * Preformatted code (a command, a secret, a JSON payload) that scrolls sideways inside its own
 * focusable box instead of widening the page; `label` names it (shown above, and read as its name).
 */
export function CodeBlock(props: { code: string; label?: string; language?: string }) {
  return (
    <figure className="fs-code">
      {props.label && <figcaption className="fs-code__label">{props.label}</figcaption>}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
      <pre className="fs-code__pre" tabIndex={0}>
        <code className={props.language ? `language-${props.language}` : undefined}>{props.code}</code>
      </pre>
    </figure>
  )
}
