import { type KeyboardEvent, type PointerEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { fitView, panBy, panStep, type Size, type View, zoomAt, zoomStep } from './view.ts'

interface Props {
  title: string
  size: Size
  /** The diagram's images (both colour modes; CSS shows the reader's), drawn at their own size. */
  children: ReactNode
  onClose: () => void
}

/** The stage's size in CSS pixels (the whole window until it is laid out). */
function measure(stage: HTMLElement | null): Size {
  return { width: stage?.clientWidth ?? window.innerWidth, height: stage?.clientHeight ?? window.innerHeight }
}

/**
 * Tab and Shift+Tab cycle through the dialog's controls: the page behind is inert, but the browser
 * would otherwise move focus out of the document after the last control.
 */
function keepFocusInside(event: KeyboardEvent, dialog: HTMLDialogElement | null): void {
  if (dialog === null) return
  const controls = [...dialog.querySelectorAll<HTMLElement>('button, [tabindex="0"]')]
  const first = controls[0]
  const last = controls[controls.length - 1]
  if (first === undefined || last === undefined) return
  const active = document.activeElement
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault()
    first.focus()
  }
}

/**
 * A diagram enlarged to the whole screen: a modal <dialog> (the page behind is inert and Tab cycles
 * through its controls; Escape closes it and focus returns to the button that opened it), with pan by drag, arrow
 * keys or one finger, and zoom by wheel, pinch, the + and − keys or the toolbar. Loaded only when a
 * reader opens a diagram.
 */
export default function DiagramDialog({ title, size, children, onClose }: Props): ReactNode {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const stageRef = useRef<HTMLDivElement>(null)
  const pointers = useRef(new Map<number, { x: number; y: number }>())
  const [view, setView] = useState<View | null>(null)
  const titleId = useId()
  const hintId = useId()

  const fitToScreen = () => setView(fitView(size, measure(stageRef.current)))
  const zoom = (factor: number, at?: { x: number; y: number }) => {
    const { width, height } = measure(stageRef.current)
    setView((current) => current && zoomAt(current, factor, at ?? { x: width / 2, y: height / 2 }))
  }

  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog === null) return undefined
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    dialog.showModal()
    setView(fitView(size, measure(stageRef.current)))
    // Wheel zoom must cancel the page's scroll, which React's passive wheel listener cannot.
    const stage = stageRef.current
    const onWheel = (event: WheelEvent) => {
      event.preventDefault()
      const box = (event.currentTarget as HTMLElement).getBoundingClientRect()
      const factor = event.deltaY < 0 ? zoomStep : 1 / zoomStep
      setView(
        (current) => current && zoomAt(current, factor, { x: event.clientX - box.left, y: event.clientY - box.top }),
      )
    }
    stage?.addEventListener('wheel', onWheel, { passive: false })
    return () => {
      stage?.removeEventListener('wheel', onWheel)
      if (dialog.open) dialog.close()
      opener?.focus()
    }
  }, [size])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Tab') {
      keepFocusInside(event, dialogRef.current)
      return
    }
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [panStep, 0],
      ArrowRight: [-panStep, 0],
      ArrowUp: [0, panStep],
      ArrowDown: [0, -panStep],
    }
    const move = moves[event.key]
    if (move && event.target === stageRef.current) {
      setView((current) => current && panBy(current, move[0], move[1]))
    } else if (event.key === '+' || event.key === '=') {
      zoom(zoomStep)
    } else if (event.key === '-' || event.key === '_') {
      zoom(1 / zoomStep)
    } else if (event.key === '0') {
      fitToScreen()
    } else {
      return
    }
    event.preventDefault()
  }

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId)
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY })
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const previous = pointers.current.get(event.pointerId)
    if (previous === undefined) return
    const next = { x: event.clientX, y: event.clientY }
    const others = [...pointers.current.entries()].filter(([id]) => id !== event.pointerId).map(([, point]) => point)
    pointers.current.set(event.pointerId, next)
    const other = others[0]
    if (other === undefined) {
      setView((current) => current && panBy(current, next.x - previous.x, next.y - previous.y))
      return
    }
    // Pinch: zoom by the change of the distance between the two fingers, around their midpoint.
    const before = Math.hypot(previous.x - other.x, previous.y - other.y)
    const after = Math.hypot(next.x - other.x, next.y - other.y)
    if (before === 0) return
    const box = event.currentTarget.getBoundingClientRect()
    zoom(after / before, { x: (next.x + other.x) / 2 - box.left, y: (next.y + other.y) / 2 - box.top })
  }
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId)
  }

  return (
    <dialog
      ref={dialogRef}
      className="fanshelf-diagram-dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={onKeyDown}
    >
      <div className="fanshelf-diagram-dialog__bar">
        <h2 id={titleId} className="fanshelf-diagram-dialog__title">
          {title}
        </h2>
        <button
          type="button"
          className="button button--secondary button--sm"
          aria-label="Zoom in"
          onClick={() => zoom(zoomStep)}
        >
          +
        </button>
        <button
          type="button"
          className="button button--secondary button--sm"
          aria-label="Zoom out"
          onClick={() => zoom(1 / zoomStep)}
        >
          −
        </button>
        <button type="button" className="button button--secondary button--sm" onClick={fitToScreen}>
          Fit
        </button>
        <button type="button" className="button button--primary button--sm" onClick={() => dialogRef.current?.close()}>
          Close
        </button>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a pannable view, not a <fieldset> of form controls */}
      <div
        ref={stageRef}
        className="fanshelf-diagram-dialog__stage"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so the arrow keys pan the diagram
        tabIndex={0}
        role="group"
        aria-label="Diagram"
        aria-describedby={hintId}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <div
          className="fanshelf-diagram-dialog__content"
          style={{
            width: size.width,
            height: size.height,
            transform: view ? `translate(${view.x}px, ${view.y}px) scale(${view.scale})` : undefined,
            visibility: view ? 'visible' : 'hidden',
          }}
        >
          {children}
        </div>
      </div>
      <p id={hintId} className="fanshelf-diagram-dialog__hint">
        Drag or use the arrow keys to move, the wheel, a pinch or + and − to zoom, 0 to fit, Escape to close.
      </p>
    </dialog>
  )
}
