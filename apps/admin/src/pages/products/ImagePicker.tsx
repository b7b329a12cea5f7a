import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { get } from '../../api/client.ts'
import { useCan } from '../../api/session.ts'
import type { Image, LibraryImage, LibraryImagePage } from '../../api/types.ts'
import { ErrorMessage, Loading, Pagination } from '../../ui/parts.tsx'
import { MediaDropZone, useMediaUpload, useNoStrayDrops } from './MediaUpload.tsx'

/** A page of the shop's media library, newest first (`GET /admin/api/media`, `listAdminMedia`). */
function libraryQuery(search: string, page: number) {
  return {
    queryKey: ['media', search, page],
    queryFn: () => get<LibraryImagePage>('/media', { search: search || undefined, page, size: 12 }),
  }
}

/** The library image as a product stores it: the contract's `Image`, without the library's own fields. */
function toImage(image: LibraryImage): Image {
  const { id, url, width, height, transformedUrl } = image
  return { id, url, width, height, transformedUrl }
}

/** A narrower copy for a thumbnail, when the URL is one the server resizes (`?w=`). */
function thumbnail(transformedUrl: string, width: number): string {
  return transformedUrl.replace(/([?&])w=\d+/, `$1w=${width}`)
}

/**
 * The product's images (ordered; the first is the thumbnail), uploads (dropped or chosen: each
 * joins the library and the product) and a dialog to add more from the library.
 */
export function ImagePicker(props: { value: Image[]; onChange: (images: Image[]) => void; error?: string }) {
  const [open, setOpen] = useState(false)
  const can = useCan()
  const { value } = props
  // Uploads finish one after another, between renders: each adds to the latest list.
  const current = useRef(value)
  current.current = value
  const add = (image: LibraryImage) => {
    if (current.current.some((chosen) => chosen.id === image.id)) return
    const next = [...current.current, toImage(image)]
    current.current = next
    props.onChange(next)
  }
  const upload = useMediaUpload(add)
  const library = useQuery(libraryQuery('', 0))
  const emptyLibrary = library.data?.total === 0
  const mayUpload = can('media.upload')
  useNoStrayDrops()
  const move = (from: number, to: number) => {
    const next = [...value]
    const [item] = next.splice(from, 1)
    if (item) next.splice(to, 0, item)
    props.onChange(next)
  }
  return (
    <div className={`image-picker${props.error ? ' field--invalid' : ''}`}>
      {value.length === 0 ? (
        <p className="muted">No images yet. The storefront shows a placeholder until you add one.</p>
      ) : (
        <ol className="image-list" aria-label="Product images, in display order">
          {value.map((image, index) => (
            <li key={image.id} className="image-list__item">
              <img src={thumbnail(image.transformedUrl, 160)} alt="" width={80} height={80} />
              <span className="small">{index === 0 ? 'Thumbnail' : `Image ${index + 1}`}</span>
              <div className="image-list__actions">
                <button
                  type="button"
                  className="fs-button fs-button--secondary fs-button--small"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  ←<span className="visually-hidden"> Move image {index + 1} earlier</span>
                </button>
                <button
                  type="button"
                  className="fs-button fs-button--secondary fs-button--small"
                  disabled={index === value.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  →<span className="visually-hidden"> Move image {index + 1} later</span>
                </button>
                <button
                  type="button"
                  className="fs-button fs-button--danger fs-button--small"
                  onClick={() => props.onChange(value.filter((_, i) => i !== index))}
                >
                  Remove<span className="visually-hidden"> image {index + 1}</span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {props.error && <p className="field__error">{props.error}</p>}
      {mayUpload && (
        <MediaDropZone onFiles={upload.start} uploads={upload.uploads} onClear={upload.clearFinished}>
          {emptyLibrary && <EmptyLibrary />}
        </MediaDropZone>
      )}
      {!emptyLibrary && (
        <button type="button" className="fs-button fs-button--secondary" onClick={() => setOpen(true)}>
          Add images from the library
        </button>
      )}
      {open && <LibraryDialog selected={value} mayUpload={mayUpload} onClose={() => setOpen(false)} onAdd={add} />}
    </div>
  )
}

/** What a new shop sees instead of an empty grid: where its images come from. */
function EmptyLibrary() {
  return (
    <div className="drop-zone__empty">
      <h3 className="empty__title">Your media library is empty</h3>
      <p className="empty__body">
        Upload your shop’s first images: each one is kept in the library for every product, and added to this one.
      </p>
    </div>
  )
}

function LibraryDialog(props: {
  selected: Image[]
  mayUpload: boolean
  onAdd: (image: LibraryImage) => void
  onClose: () => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(0)
  const library = useQuery({ ...libraryQuery(search, page), placeholderData: keepPreviousData })
  const upload = useMediaUpload(props.onAdd)
  useEffect(() => {
    dialog.current?.showModal()
  }, [])
  const chosen = new Set(props.selected.map((image) => image.id))

  return (
    <dialog
      ref={dialog}
      className="dialog dialog--wide"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        props.onClose()
      }}
    >
      <h2 id={titleId}>Media library</h2>
      <div className="field">
        <label htmlFor={`${titleId}-search`}>Search images</label>
        <input
          id={`${titleId}-search`}
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value)
            setPage(0)
          }}
        />
      </div>
      {library.isPending ? (
        <Loading />
      ) : library.isError ? (
        <ErrorMessage error={library.error} />
      ) : library.data.total === 0 ? (
        search ? (
          <p>No image matches “{search}”.</p>
        ) : (
          !props.mayUpload && <p>The shop’s media library has no images yet.</p>
        )
      ) : (
        <>
          <ul className="library-grid">
            {library.data.results.map((image) => {
              const added = chosen.has(image.id)
              return (
                <li key={image.id}>
                  <img
                    src={thumbnail(image.transformedUrl, 240)}
                    alt={image.name}
                    width={120}
                    height={120}
                    loading="lazy"
                  />
                  <button
                    type="button"
                    className="fs-button fs-button--secondary fs-button--small"
                    disabled={added}
                    onClick={() => props.onAdd(image)}
                  >
                    {added ? 'Added' : 'Add'}
                    <span className="visually-hidden"> {image.name}</span>
                  </button>
                </li>
              )
            })}
          </ul>
          <Pagination {...library.data} onPage={setPage} label="Library pages" />
        </>
      )}
      {props.mayUpload && (
        <MediaDropZone onFiles={upload.start} uploads={upload.uploads} onClear={upload.clearFinished}>
          {library.data?.total === 0 && !search && <EmptyLibrary />}
        </MediaDropZone>
      )}
      <div className="dialog__actions">
        <button type="button" className="fs-button fs-button--primary" onClick={props.onClose}>
          Done
        </button>
      </div>
    </dialog>
  )
}
