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
