/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_FANSHELF_API_URL: string
  readonly VITE_STOREFRONT_TOKEN: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
