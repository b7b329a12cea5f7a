export { baseTokens, type ColorTokens, darkColors, lightColors, tokensCss } from './tokens.js'
