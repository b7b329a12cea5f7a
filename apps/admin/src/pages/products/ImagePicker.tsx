import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { get } from '../../api/client.ts'
import type { Image, LibraryImage, Page } from '../../api/types.ts'
import { ErrorMessage, Loading, Pagination } from '../../ui/parts.tsx'

/** The product's images (ordered; the first is the thumbnail) and a dialog to add more from the library. */
export function ImagePicker(props: { value: Image[]; onChange: (images: Image[]) => void; error?: string }) {
  const [open, setOpen] = useState(false)
  const { value } = props
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
            <li key={image.url} className="image-list__item">
              <img src={image.transformedUrl.replace(/w=\d+/, 'w=160')} alt="" width={80} height={80} />
              <span className="small">{index === 0 ? 'Thumbnail' : `Image ${index + 1}`}</span>
              <div className="image-list__actions">
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  ←<span className="visually-hidden"> Move image {index + 1} earlier</span>
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={index === value.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  →<span className="visually-hidden"> Move image {index + 1} later</span>
                </button>
                <button
                  type="button"
                  className="button button--danger button--small"
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
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        Add images from the library
      </button>
      {open && (
        <LibraryDialog
          selected={value}
          onClose={() => setOpen(false)}
          onAdd={(image) => props.onChange([...value, image])}
        />
      )}
    </div>
  )
}

function LibraryDialog(props: { selected: Image[]; onAdd: (image: Image) => void; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(0)
  const library = useQuery({
    queryKey: ['media', search, page],
    queryFn: () => get<Page<LibraryImage>>('/media', { search: search || undefined, page, size: 12 }),
    placeholderData: keepPreviousData,
  })
  useEffect(() => {
    dialog.current?.showModal()
  }, [])
  const chosen = new Set(props.selected.map((image) => image.url))

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
        <p>No image matches “{search}”.</p>
      ) : (
        <>
          <ul className="library-grid">
            {library.data.results.map((image) => {
              const added = chosen.has(image.url)
              return (
                <li key={image.id}>
                  <img
                    src={image.transformedUrl.replace(/w=\d+/, 'w=240')}
                    alt={image.name}
                    width={120}
                    height={120}
                    loading="lazy"
                  />
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    disabled={added}
                    onClick={() => {
                      const { name: _name, ...contractImage } = image
                      props.onAdd(contractImage)
                    }}
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
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={props.onClose}>
          Done
        </button>
      </div>
    </dialog>
  )
}
