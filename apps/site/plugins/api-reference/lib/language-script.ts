import { defaultLanguage, referenceLanguages } from './samples/languages.ts'

/**
 * The inline script at the top of a reference page: before the samples paint, it sets
 * `<html data-code-language>` from `?lang=` or the stored choice, so the right sample shows
 * without a flash and without waiting for React. The key is the one Docusaurus' <Tabs
 * groupId="code-language"> uses (with the site's storage namespace), so guides and reference share
 * the choice. The attribute also tells the stylesheet that JavaScript runs.
 */
export interface StorageConfig {
  /** `localStorage`, `sessionStorage` or `none` (siteStorage.type). */
  type: string
  /** Suffix Docusaurus appends to every key (siteStorage.namespace). */
  namespace: string
}

export const languageStorageKey = 'docusaurus.tab.code-language'

export function languageScript(storage: StorageConfig): string {
  // Only languages the reference has samples in; others (a guide's C#) show the default.
  const ids = JSON.stringify(referenceLanguages.map((language) => language.id))
  const key = JSON.stringify(languageStorageKey + storage.namespace)
  const read = storage.type === 'none' ? 'null' : `window.${storage.type}.getItem(${key})`
  // A `?lang=` link is a choice: remember it now, not only once React has hydrated (a reader may
  // leave the page before that).
  const remember = storage.type === 'none' ? '' : `else window.${storage.type}.setItem(${key},v)`
  const queue =
    "if(!window.__fsrQueue){window.__fsrQueue=[];document.addEventListener('click',function(e){var b=e.target&&e.target.closest&&e.target.closest('.fsr button');if(b&&!window.__fsrReady){e.preventDefault();window.__fsrQueue.push(b)}},true)}"
  return `<script>(function(){var l=${ids},v;try{v=new URLSearchParams(location.search).get('lang');if(l.indexOf(v)<0)v=${read};${remember}}catch(e){}document.documentElement.setAttribute('data-code-language',l.indexOf(v)<0?${JSON.stringify(defaultLanguage)}:v);${queue}})()</script>`
}
