import { libraryImageTypes } from 'virtual:fanshelf-contract'
import { useQueryClient } from '@tanstack/react-query'
import { type DragEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { ApiError, postFile } from '../../api/client.ts'
import type { LibraryImage } from '../../api/types.ts'
import { Badge } from '../../ui/parts.tsx'

/**
 * Uploading images to the shop's media library (`POST /admin/api/media`, admin-api.yaml
 * `uploadAdminMedia`): each file is sent as the raw request body with its name in `?name=`, one
 * after the other, and the server decides from the bytes what it is. The sizes below are checked
 * here only to answer at once instead of after sending 20 MB; the server's answer is the rule.
 */

/** The server's limits (apps/api/src/modules/media/image-intake.ts). */
const maxUploadBytes = 20 * 1024 * 1024
const maxSvgBytes = 2 * 1024 * 1024
/** What the file picker offers: the types the library takes (admin-api.yaml `AdminLibraryImage.mediaType`). */
const acceptedImageTypes = libraryImageTypes.join(',')

export function uploadImage(file: File): Promise<LibraryImage> {
  return postFile<LibraryImage>(`/media?name=${encodeURIComponent(file.name)}`, file)
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** Why a file will be refused whatever its content, or undefined to send it. */
function tooLarge(file: File): string | undefined {
  if (file.size > maxUploadBytes) {
    return `${file.name} is ${megabytes(file.size)}; an image may be at most 20 MB.`
  }
  if (file.type === 'image/svg+xml' && file.size > maxSvgBytes) {
    return `${file.name} is ${megabytes(file.size)}; an SVG image may be at most 2 MB.`
  }
  return undefined
}

export interface Upload {
  key: number
  name: string
  state: 'UPLOADING' | 'UPLOADED' | 'UPLOAD_FAILED' | 'WAITING'
  message?: string
}

/**
 * Uploads files one at a time (in the order chosen, so they join the product in that order) and
 * tracks each one's state; `onUploaded` receives every stored image.
 */
export function useMediaUpload(onUploaded: (image: LibraryImage) => void) {
  const client = useQueryClient()
  const [uploads, setUploads] = useState<Upload[]>([])
  const queue = useRef<Promise<void>>(Promise.resolve())
  const nextKey = useRef(0)
  const latest = useRef(onUploaded)
  latest.current = onUploaded

  const update = (key: number, change: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)))

  async function send(key: number, file: File): Promise<void> {
    update(key, { state: 'UPLOADING' })
    try {
      const image = await uploadImage(file)
      update(key, { state: 'UPLOADED', message: `${file.name}: uploaded and added to the product.` })
      latest.current(image)
      await client.invalidateQueries({ queryKey: ['media'] })
    } catch (error) {
      const reason =
        error instanceof ApiError ? error.message : 'The upload failed. Check your connection and try again.'
      update(key, { state: 'UPLOAD_FAILED', message: `${file.name}: ${reason}` })
    }
  }

  function start(files: File[]): void {
    for (const file of files) {
      const key = nextKey.current++
      const refused = tooLarge(file)
      setUploads((current) => [
        ...current,
        refused
          ? { key, name: file.name, state: 'UPLOAD_FAILED', message: refused }
          : { key, name: file.name, state: 'WAITING' },
      ])
      if (!refused) queue.current = queue.current.then(() => send(key, file))
    }
  }

  const clearFinished = () =>
    setUploads((current) => current.filter((upload) => upload.state === 'UPLOADING' || upload.state === 'WAITING'))
  return { uploads, start, clearFinished }
}

const stateLabels: Record<Upload['state'], string> = {
  WAITING: 'Waiting',
  UPLOADING: 'Uploading…',
  UPLOADED: 'Uploaded',
  UPLOAD_FAILED: 'Not uploaded',
}

/**
 * A drop zone with an "Upload images" button (a labelled file input: the keyboard's way in), and
 * each upload's state. `children` say what the zone is for (an empty library invites an upload).
 */
export function MediaDropZone(props: {
  onFiles: (files: File[]) => void
  uploads: Upload[]
  onClear: () => void
  children?: ReactNode
}) {
  const [over, setOver] = useState(false)
  const hasFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files')
  const busy = props.uploads.some((upload) => upload.state === 'UPLOADING' || upload.state === 'WAITING')
  return (
    <div className="media-upload">
      <fieldset
        className={`drop-zone${over ? ' drop-zone--active' : ''}`}
        onDragEnter={(event) => {
          if (!hasFiles(event)) return
          event.preventDefault()
          setOver(true)
        }}
        onDragOver={(event) => {
          if (!hasFiles(event)) return
          event.preventDefault()
          event.dataTransfer.dropEffect = 'copy'
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false)
        }}
        onDrop={(event) => {
          event.preventDefault()
          setOver(false)
          const files = [...event.dataTransfer.files]
          if (files.length > 0) props.onFiles(files)
        }}
      >
        <legend className="visually-hidden">New images for the media library</legend>
        {props.children}
        <p className="drop-zone__hint">
          Drag images here, or choose them. JPEG, PNG, WebP, GIF, AVIF or SVG, up to 20 MB each.
        </p>
        <label className="fs-button fs-button--secondary upload-button">
          <input
            type="file"
            className="visually-hidden"
            accept={acceptedImageTypes}
            multiple
            onChange={(event) => {
              const files = [...(event.target.files ?? [])]
              // Cleared, so choosing the same file again uploads it again.
              event.target.value = ''
              if (files.length > 0) props.onFiles(files)
            }}
          />
          Upload images
        </label>
      </fieldset>
      <div aria-live="polite" className="upload-status">
        {props.uploads.length > 0 && (
          <>
            <ul className="upload-list" aria-label="Uploads">
              {props.uploads.map((upload) => (
                <li key={upload.key} className={`upload-list__item upload-list__item--${upload.state.toLowerCase()}`}>
                  <Badge value={upload.state} label={stateLabels[upload.state]} />
                  <span className="upload-list__text">{upload.message ?? upload.name}</span>
                </li>
              ))}
            </ul>
            {!busy && (
              <button type="button" className="fs-button fs-button--link" onClick={props.onClear}>
                Clear the upload list
              </button>
            )}
          </>
        )}
      </div>
    </div>
  )
}

/**
 * While a drop zone is on the page, a file dropped beside it does nothing (instead of the browser
 * leaving the form to show the image).
 */
export function useNoStrayDrops(): void {
  useEffect(() => {
    const guard = (event: globalThis.DragEvent) => {
      if (event.defaultPrevented || !event.dataTransfer?.types.includes('Files')) return
      event.preventDefault()
      if (event.type === 'dragover') event.dataTransfer.dropEffect = 'none'
    }
    window.addEventListener('dragover', guard)
    window.addEventListener('drop', guard)
    return () => {
      window.removeEventListener('dragover', guard)
      window.removeEventListener('drop', guard)
    }
  }, [])
}
