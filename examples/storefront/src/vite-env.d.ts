/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The Fanshelf server's origin; unset, the dev and preview servers name the local one (vite.config.ts). */
  readonly VITE_FANSHELF_ORIGIN?: string
  /** The shop's storefront token; unset, the dev and preview servers read the local demo shop's. */
  readonly VITE_FANSHELF_STOREFRONT_TOKEN?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
