/**
 * A LIKE pattern matching `term` anywhere, lower-cased, with the LIKE wildcards in it taken literally
 * (escaped with `\`: use it with `escape '\\'`, which SQLite and PostgreSQL read the same way).
 */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
