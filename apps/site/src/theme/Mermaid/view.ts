/**
 * The pan and zoom of an enlarged diagram (DiagramDialog): the diagram is drawn at `scale`, its top
 * left corner at (`x`, `y`) in the viewport. Pure functions, so the dialog's pointer, wheel and
 * keyboard handlers only decide which one to call.
 */
export interface View {
  scale: number
  x: number
  y: number
}

export interface Size {
  width: number
  height: number
}

export const minScale = 0.1
export const maxScale = 8
/** One press of a zoom key or button. */
export const zoomStep = 1.25
/** One press of an arrow key, in CSS pixels. */
export const panStep = 40

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value))

/** The whole diagram, centred, as large as fits the viewport (never enlarged past its own size twice). */
export function fitView(content: Size, viewport: Size): View {
  const scale = clamp(Math.min(viewport.width / content.width, viewport.height / content.height, 2), minScale, maxScale)
  return {
    scale,
    x: (viewport.width - content.width * scale) / 2,
    y: (viewport.height - content.height * scale) / 2,
  }
}

/** Zoomed by `factor`, the point under `at` (viewport coordinates) staying where it is. */
export function zoomAt(view: View, factor: number, at: { x: number; y: number }): View {
  const scale = clamp(view.scale * factor, minScale, maxScale)
  const applied = scale / view.scale
  return { scale, x: at.x - (at.x - view.x) * applied, y: at.y - (at.y - view.y) * applied }
}

export function panBy(view: View, dx: number, dy: number): View {
  return { ...view, x: view.x + dx, y: view.y + dy }
}
