/** The reader context (see load.ts): live sample values on a local demo install. */
export { loadReaderContext, loopbackHostnames, type ReaderContext } from './load.ts'
export { pickReaderValues, type ReaderValues } from './pick.ts'
export { useReaderContext } from './use-reader-context.ts'
