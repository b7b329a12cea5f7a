// The theme's client module that loads Prism's extra languages, emptied in the browser bundle:
// code is highlighted at build time (plugins/code-tokens/index.ts).
export {}
