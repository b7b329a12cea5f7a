import {
  dimensionUnits,
  productAccess,
  productAccessDescription,
  product as validateProduct,
  weightUnits,
} from 'virtual:fanshelf-contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Controller, type UseFormReturn, useFieldArray, useForm } from 'react-hook-form'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { get, post, put } from '../../api/client.ts'
import { useShop } from '../../api/session.ts'
import type { Product } from '../../api/types.ts'
import { applyServerError, contractResolver } from '../../forms/contract-form.ts'
import { Field, FieldSet, FormAlert } from '../../forms/Field.tsx'
import { useConfirm } from '../../ui/confirm.tsx'
import { formatDateTime, humanize } from '../../ui/format.ts'
import { ErrorMessage, Loading, Notice, PageHeader } from '../../ui/parts.tsx'
import { ImagePicker } from './ImagePicker.tsx'
import {
  emptyProduct,
  emptyVariant,
  type ProductValues,
  productFieldOf,
  slugify,
  toProductBody,
  toProductValues,
} from './product-form.ts'

/** Create a product, or edit one: details, images, access and availability, variants. */
export function Component() {
  const { productId } = useParams()
  const shop = useShop()
  const existing = useQuery({
    queryKey: ['product', productId],
    queryFn: () => get<Product>(`/products/${encodeURIComponent(productId ?? '')}`),
    enabled: productId !== undefined,
  })
  if (shop.isPending || (productId && existing.isPending)) return <Loading />
  if (shop.isError) return <ErrorMessage error={shop.error} />
  if (productId && existing.isError) return <ErrorMessage error={existing.error} />
  return <ProductEditor key={productId ?? 'new'} currency={shop.data.currency} product={existing.data} />
}

function ProductEditor(props: { currency: string; product: Product | undefined }) {
  const { currency, product } = props
  const navigate = useNavigate()
  const location = useLocation()
  const client = useQueryClient()
  const confirm = useConfirm()
  const [notice, setNotice] = useState<string | undefined>((location.state as { notice?: string } | null)?.notice)
  const toBody = (values: ProductValues) => toProductBody(values, currency)
  const form = useForm<ProductValues>({
    defaultValues: product ? toProductValues(product) : emptyProduct(),
    resolver: contractResolver(validateProduct, toBody, productFieldOf),
  })
  const variants = useFieldArray({ control: form.control, name: 'variants', keyName: 'key' })
  const [slugTouched, setSlugTouched] = useState(product !== undefined)
  const name = form.watch('name')
  useEffect(() => {
    if (!slugTouched) form.setValue('slug', slugify(name))
  }, [name, slugTouched, form])

  const save = useMutation({
    mutationFn: (values: ProductValues) =>
      product
        ? put<Product>(`/products/${encodeURIComponent(product.id)}`, toBody(values))
        : post<Product>('/products', toBody(values)),
    onSuccess: (saved) => {
      client.setQueryData(['product', saved.id], saved)
      void client.invalidateQueries({ queryKey: ['products'] })
      if (product) {
        form.reset(toProductValues(saved))
        setNotice('Product saved.')
      } else {
        navigate(`/products/${saved.id}`, { replace: true, state: { notice: 'Product created.' } })
      }
    },
    onError: (error) => applyServerError(error, form.setError, productFieldOf),
  })
  const { errors, isDirty } = form.formState

  return (
    <>
      <PageHeader
        title={product ? product.name : 'New product'}
        description={
          product
            ? `Created ${formatDateTime(product.createdAt)} · last changed ${formatDateTime(product.updatedAt)}`
            : `Prices are in ${currency}, the shop's currency.`
        }
        actions={
          <Link className="fs-button fs-button--secondary" to="/products">
            Back to products
          </Link>
        }
      />
      <Notice message={notice} onDismiss={() => setNotice(undefined)} />
      <form className="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <FormAlert messages={[errors.root?.server?.message, errors.root?.contract?.message]} />
        <section className="panel" aria-labelledby="details-title">
          <h2 id="details-title">Details</h2>
          <div className="grid grid--2">
            <Field label="Name" error={errors.name?.message}>
              <input type="text" {...form.register('name')} />
            </Field>
            <Field
              label="Slug"
              hint="The product's address in the storefront: /products/<slug>"
              error={errors.slug?.message}
            >
              <input
                type="text"
                spellCheck={false}
                {...form.register('slug', { onChange: () => setSlugTouched(true) })}
              />
            </Field>
          </div>
          <Field label="Description" hint="Basic HTML is allowed." error={errors.description?.message}>
            <textarea rows={5} {...form.register('description')} />
          </Field>
        </section>

        <section className="panel" aria-labelledby="visibility-title">
          <h2 id="visibility-title">Visibility and availability</h2>
          <div className="grid grid--2">
            <FieldSet legend="Access" hint={productAccessDescription} error={errors.access?.message}>
              {productAccess.map((access) => (
                <label key={access} className="radio">
                  <input type="radio" value={access} {...form.register('access')} /> {humanize(access)}
                </label>
              ))}
            </FieldSet>
            <FieldSet
              legend="Availability"
              hint="Sold-out products stay visible but cannot be bought."
              error={errors.state?.message}
            >
              <label className="radio">
                <input type="radio" value="AVAILABLE" {...form.register('state')} /> Available
              </label>
              <label className="radio">
                <input type="radio" value="SOLD_OUT" {...form.register('state')} /> Sold out
              </label>
            </FieldSet>
          </div>
        </section>

        <section className="panel" aria-labelledby="images-title">
          <h2 id="images-title">Images</h2>
          <Controller
            control={form.control}
            name="images"
            render={({ field }) => (
              <ImagePicker value={field.value} onChange={field.onChange} error={errors.images?.message} />
            )}
          />
        </section>

        <section className="panel" aria-labelledby="variants-title">
          <div className="section-header">
            <h2 id="variants-title">Variants</h2>
            <button
              type="button"
              className="fs-button fs-button--secondary"
              onClick={() => variants.append({ ...emptyVariant() })}
            >
              Add variant
            </button>
          </div>
          {errors.variants?.root?.message && (
            <p className="field__error" role="alert">
              {errors.variants.root.message}
            </p>
          )}
          {variants.fields.map((variant, index) => (
            <VariantFields
              key={variant.key}
              form={form}
              index={index}
              currency={currency}
              canRemove={variants.fields.length > 1}
              onRemove={async () => {
                const existingVariant = form.getValues(`variants.${index}.variantId`)
                const ok =
                  !existingVariant ||
                  (await confirm({
                    title: `Remove variant ${form.getValues(`variants.${index}.name`) || index + 1}?`,
                    message:
                      'It is deleted when you save. Variants that orders or carts refer to cannot be removed: set their stock to 0 instead.',
                    confirmLabel: 'Remove variant',
                    destructive: true,
                  }))
                if (ok) variants.remove(index)
              }}
            />
          ))}
        </section>

        <div className="form-actions">
          <button
            type="submit"
            className="fs-button fs-button--primary"
            disabled={save.isPending || (product && !isDirty)}
          >
            {save.isPending ? 'Saving…' : product ? 'Save product' : 'Create product'}
          </button>
          {product && !isDirty && <span className="muted">No unsaved changes</span>}
        </div>
      </form>
    </>
  )
}

function VariantFields(props: {
  form: UseFormReturn<ProductValues>
  index: number
  currency: string
  canRemove: boolean
  onRemove: () => void
}) {
  const { form, index, currency } = props
  const prefix = `variants.${index}` as const
  const errors = form.formState.errors.variants?.[index]
  const stockType = form.watch(`${prefix}.stockType`)
  const title = form.watch(`${prefix}.name`) || `Variant ${index + 1}`
  const sku = form.watch(`${prefix}.sku`)
  const price = form.watch(`${prefix}.unitPrice`)
  const inStock = form.watch(`${prefix}.inStock`)
  const hasErrors = errors !== undefined && Object.keys(errors).length > 0
  // Existing variants start folded (a product may have dozens); new ones and invalid ones open.
  const [open, setOpen] = useState(form.getValues(`${prefix}.variantId`) === undefined)
  useEffect(() => {
    if (hasErrors) setOpen(true)
  }, [hasErrors])
  return (
    <details className="variant" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <span className="variant__title">{title}</span>
        <span className="variant__facts">
          {[
            sku || 'No SKU',
            price ? `${price} ${currency}` : 'No price',
            stockType === 'LIMITED' ? `${inStock || 0} in stock` : 'Unlimited stock',
          ].join(' · ')}
        </span>
        {hasErrors && <span className="variant__error">Needs attention</span>}
      </summary>
      <fieldset className="variant__fields">
        <legend className="visually-hidden">{title}</legend>
        <div className="grid grid--3">
          <Field label="Variant name" error={errors?.name?.message}>
            <input type="text" {...form.register(`${prefix}.name`)} />
          </Field>
          <Field label="SKU" error={errors?.sku?.message}>
            <input type="text" spellCheck={false} {...form.register(`${prefix}.sku`)} />
          </Field>
          <Field label="Variant description" hint="e.g. Black, size M" error={errors?.description?.message}>
            <input type="text" {...form.register(`${prefix}.description`)} />
          </Field>
          <Field label={`Price (${currency})`} error={errors?.unitPrice?.message}>
            <input type="number" inputMode="decimal" step="any" min="0" {...form.register(`${prefix}.unitPrice`)} />
          </Field>
          <Field
            label={`Compare-at price (${currency})`}
            hint="Optional: the former price, struck through"
            error={errors?.compareAtPrice?.message}
          >
            <input
              type="number"
              inputMode="decimal"
              step="any"
              min="0"
              {...form.register(`${prefix}.compareAtPrice`)}
            />
          </Field>
          <Field
            label={`Cost (${currency})`}
            hint="Optional: what one unit costs you"
            error={errors?.unitCost?.message}
          >
            <input type="number" inputMode="decimal" step="any" min="0" {...form.register(`${prefix}.unitCost`)} />
          </Field>
          <Field
            label={`Declared cost (${currency})`}
            hint="Optional: your own cost of one unit, as you declare it"
            error={errors?.creatorDeclaredCost?.message}
          >
            <input
              type="number"
              inputMode="decimal"
              step="any"
              min="0"
              {...form.register(`${prefix}.creatorDeclaredCost`)}
            />
          </Field>
          <Field label="Colour" hint="Optional, e.g. Black" error={errors?.colorName?.message}>
            <input type="text" {...form.register(`${prefix}.colorName`)} />
          </Field>
          <Field label="Swatch" error={errors?.colorSwatch?.message}>
            <input type="color" {...form.register(`${prefix}.colorSwatch`)} />
          </Field>
          <Field label="Size" hint="Optional, e.g. M" error={errors?.sizeName?.message}>
            <input type="text" {...form.register(`${prefix}.sizeName`)} />
          </Field>
        </div>
        <div className="grid grid--3">
          <FieldSet legend="Stock" error={errors?.stockType?.message}>
            <label className="radio">
              <input type="radio" value="UNLIMITED" {...form.register(`${prefix}.stockType`)} /> Unlimited
            </label>
            <label className="radio">
              <input type="radio" value="LIMITED" {...form.register(`${prefix}.stockType`)} /> Limited
            </label>
          </FieldSet>
          {stockType === 'LIMITED' && (
            <Field label="In stock" error={errors?.inStock?.message}>
              <input type="number" inputMode="numeric" step="1" min="0" {...form.register(`${prefix}.inStock`)} />
            </Field>
          )}
        </div>
        <div className="grid grid--4">
          <Field label="Weight" error={errors?.weightValue?.message}>
            <input type="number" inputMode="decimal" step="any" min="0" {...form.register(`${prefix}.weightValue`)} />
          </Field>
          <Field label="Weight unit" error={errors?.weightUnit?.message}>
            <select {...form.register(`${prefix}.weightUnit`)}>
              {weightUnits.map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className="grid grid--4">
          <Field label="Length" error={errors?.length?.message}>
            <input type="number" inputMode="decimal" step="any" min="0" {...form.register(`${prefix}.length`)} />
          </Field>
          <Field label="Width" error={errors?.width?.message}>
            <input type="number" inputMode="decimal" step="any" min="0" {...form.register(`${prefix}.width`)} />
          </Field>
          <Field label="Height" error={errors?.height?.message}>
            <input type="number" inputMode="decimal" step="any" min="0" {...form.register(`${prefix}.height`)} />
          </Field>
          <Field label="Dimension unit" error={errors?.dimensionUnit?.message}>
            <select {...form.register(`${prefix}.dimensionUnit`)}>
              {dimensionUnits.map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {props.canRemove && (
          <button type="button" className="fs-button fs-button--danger fs-button--small" onClick={props.onRemove}>
            Remove variant<span className="visually-hidden"> {title}</span>
          </button>
        )}
      </fieldset>
    </details>
  )
}
