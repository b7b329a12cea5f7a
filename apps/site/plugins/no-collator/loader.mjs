// @ts-check
/**
 * An Rspack loader that makes exact text replacements in one module (options.replacements), and
 * fails the build when a text to replace is not there exactly once — the dependency changed, and
 * the replacement must be reviewed rather than silently dropped. Used by ./index.ts. Plain ESM
 * because the bundler loads loaders with Node, which does not run TypeScript.
 *
 * @this {{ getOptions(): { replacements: Array<{ from: string, to: string }> }, resourcePath: string }}
 * @param {string} source
 * @returns {string}
 */
export default function replaceExactly(source) {
  let result = source
  for (const { from, to } of this.getOptions().replacements) {
    const occurrences = result.split(from).length - 1
    if (occurrences !== 1) {
      throw new Error(
        `no-collator: expected ${JSON.stringify(from)} once in ${this.resourcePath}, found it ${occurrences} times. ` +
          'The dependency changed: review apps/site/plugins/no-collator/index.ts.',
      )
    }
    result = result.replace(from, () => to)
  }
  return result
}
