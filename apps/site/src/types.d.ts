// Modules generated at build time by plugins/platform-facts (see its contentLoaded).

declare module '@generated/fanshelf-platform-facts/default/webhook-events.json' {
  const events: import('@site/plugins/platform-facts/index.ts').GeneratedEvents
  export default events
}

declare module '@generated/fanshelf-platform-facts/default/webhook-event-index.json' {
  const index: import('@site/plugins/platform-facts/index.ts').GeneratedEventIndex
  export default index
}

declare module '@generated/fanshelf-platform-facts/default/signature-samples.json' {
  const samples: import('@site/plugins/platform-facts/samples.ts').SignatureSample[]
  export default samples
}

declare module '@generated/fanshelf-platform-facts/default/signature-example.json' {
  const example: import('@site/plugins/platform-facts/index.ts').SignatureExample
  export default example
}

declare module '@fanshelf/code-highlighter' {
  /** Aliased per bundle by plugins/code-tokens: Prism on the server, plain text in the browser. */
  export function highlightCode(
    code: string,
    language: string | undefined,
  ): import('@site/config/code-token-lines.ts').CodeTokenLines
}

declare module '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css' {
  const classes: { readonly [key: string]: string }
  export default classes
}

declare module '@docusaurus/theme-classic/lib/theme/CodeBlock/Line/styles.module.css' {
  const classes: { readonly codeLine: string; readonly codeLineNumber: string; readonly codeLineContent: string }
  export default classes
}

declare module '@theme/CodeBlock' {
  interface Props {
    /** Build-time syntax tokens of the code (JSON from config/code-tokens.ts `codeTokens`). */
    readonly tokens?: string
  }
}
