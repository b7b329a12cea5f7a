import { describe, expect, it } from 'vitest'
import { descriptionProblem, diagramText } from './diagram-text.ts'

const diagram = (...lines: string[]) => ['sequenceDiagram', ...lines, '  A->>B: hello'].join('\n')

describe('diagramText', () => {
  it('reads the title and the one-sentence description a diagram declares', () => {
    expect(diagramText(diagram('  accTitle: Checkout', '  accDescr: The cart becomes an order.'))).toEqual({
      title: 'Checkout',
      description: 'The cart becomes an order.',
    })
  })

  it('has neither when the diagram declares none', () => {
    expect(diagramText(diagram())).toEqual({ title: undefined, description: undefined })
  })
})

describe('descriptionProblem', () => {
  it('accepts a titled diagram with a one-sentence description', () => {
    expect(
      descriptionProblem(diagram('  accTitle: Checkout', '  accDescr: The cart becomes an order.')),
    ).toBeUndefined()
  })

  it.each([
    [diagram('  accDescr: The cart becomes an order.'), /accTitle/],
    [diagram('  accTitle: Checkout'), /accDescr/],
    [diagram('  accTitle: Checkout', '  accDescr: the cart becomes an order'), /sentence/],
    [diagram('  accTitle: Checkout', `  accDescr: ${'word '.repeat(80)}.`), /characters/],
  ])('rejects a diagram whose alt would be missing or not one sentence (%#)', (source, problem) => {
    expect(descriptionProblem(source)).toMatch(problem)
  })
})
