import { componentsCss } from './components-css.js'
import { tokensCss } from './tokens.js'

/** `tokensCss` then `componentsCss`: what every surface outside the docs loads first. */
export const designSystemCss = `${tokensCss}\n${componentsCss}`
