/**
 * What a Mermaid diagram says in words: its `accTitle` and `accDescr` lines, written at the top of
 * every diagram of the docs. The description is the diagram's image `alt` (one sentence a screen
 * reader reads instead of the source); the steps are authored next to the diagram, in a `<details>`
 * (checked at build time by plugins/remark-diagram-text).
 */
export interface DiagramText {
  title: string | undefined
  description: string | undefined
}

const line = (source: string, keyword: string) =>
  new RegExp(`^\\s*${keyword}\\s*:\\s*(.+?)\\s*$`, 'm').exec(source)?.[1]

export function diagramText(source: string): DiagramText {
  return { title: line(source, 'accTitle'), description: line(source, 'accDescr') }
}

/** The longest description accepted as an image `alt`: one sentence, not a paragraph. */
export const maxDescriptionLength = 300

/** Why a diagram's description does not make a good `alt`, or undefined when it does. */
export function descriptionProblem(source: string): string | undefined {
  const { title, description } = diagramText(source)
  if (title === undefined) return 'has no `accTitle:` line'
  if (description === undefined) return 'has no one-line `accDescr:` (the image alt: one sentence saying what it shows)'
  if (description.length > maxDescriptionLength)
    return `has an accDescr of ${description.length} characters (at most ${maxDescriptionLength}: one sentence)`
  if (!/[.!?]$/.test(description)) return 'has an accDescr that is not a sentence (end it with a full stop)'
  return undefined
}
