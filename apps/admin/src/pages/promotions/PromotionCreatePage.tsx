import { shippingOptions, promotion as validatePromotion } from 'virtual:fanshelf-contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useFieldArray, useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { ApiError, get, post } from '../../api/client.ts'
import { useShop } from '../../api/session.ts'
import type { MembershipTier, Page, Product, Promotion } from '../../api/types.ts'
import { applyServerError, contractResolver } from '../../forms/contract-form.ts'
import { Field, FieldSet, FormAlert } from '../../forms/Field.tsx'
import { formatMoney, humanize } from '../../ui/format.ts'
import { ErrorMessage, Loading, PageHeader } from '../../ui/parts.tsx'
import {
  creatableTypes,
  emptyPromotion,
  isMemberships,
  isMulti,
  type PromotionValues,
  promotionFieldOf,
  toPromotionBody,
} from './promotion-form.ts'

/** Every product of the shop (pickers for applies-to and free products); a shop's catalogue is small. */
function useAllProducts() {
  return useQuery({
    queryKey: ['products', 'all'],
    queryFn: async () => {
      const first = await get<Page<Product>>('/products', { page: 0, size: 100 })
      const rest = await Promise.all(
        Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, i) =>
          get<Page<Product>>('/products', { page: i + 1, size: 100 }),
        ),
      )
      return [first, ...rest].flatMap((page) => page.results)
    },
    staleTime: 60_000,
  })
}

export function Component() {
  const shop = useShop()
  if (shop.isPending) return <Loading />
  if (shop.isError) return <ErrorMessage error={shop.error} />
  return <PromotionForm currency={shop.data.currency} />
}

function PromotionForm(props: { currency: string }) {
  const { currency } = props
  const navigate = useNavigate()
  const client = useQueryClient()
  const toBody = (values: PromotionValues) => toPromotionBody(values, currency)
  const form = useForm<PromotionValues>({
    defaultValues: emptyPromotion(),
    resolver: contractResolver(validatePromotion, toBody, promotionFieldOf),
  })
  const freeProducts = useFieldArray({ control: form.control, name: 'freeProducts', keyName: 'key' })
  const values = form.watch()
  const memberships = isMemberships(values.type)
  const products = useAllProducts()
  const tiers = useQuery({
    queryKey: ['membership-tiers'],
    queryFn: () => get<{ results: MembershipTier[] }>('/membership-tiers'),
    enabled: memberships,
  })
  const create = useMutation({
    mutationFn: (v: PromotionValues) => post<Promotion>('/promotions', toBody(v)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['promotions'] })
      navigate('/promotions')
    },
    onError: (error) => {
      if (
        error instanceof ApiError &&
        (error.code === 'PROMOTION_CODE_DUPLICATION' || error.code === 'PROMOTION_CODES_DUPLICATION')
      ) {
        form.setError(isMulti(form.getValues('type')) ? 'codes' : 'code', { type: 'server', message: error.message })
        return
      }
      applyServerError(error, form.setError, promotionFieldOf)
    },
  })
  const { errors } = form.formState
  const variantOptions = (products.data ?? []).flatMap((product) =>
    product.variants.map((variant) => ({
      id: variant.id,
      label: `${product.name} — ${variant.name} (${formatMoney(variant.unitPrice)})`,
    })),
  )

  return (
    <>
      <PageHeader
        title="New promotion"
        description={`Amounts are in ${currency}, the shop's currency. The promotion is Live as soon as it is created.`}
        actions={
          <Link className="fs-button fs-button--secondary" to="/promotions">
            Back to promotions
          </Link>
        }
      />
      <form className="form" noValidate onSubmit={form.handleSubmit((v) => create.mutate(v))}>
        <FormAlert messages={[errors.root?.server?.message, errors.root?.contract?.message]} />

        <section className="panel" aria-labelledby="kind-title">
          <h2 id="kind-title">Kind and codes</h2>
          <FieldSet legend="Type" error={errors.type?.message}>
            <div className="choice-grid">
              {creatableTypes.map((kind) => (
                <label key={kind.type} className="choice">
                  <input type="radio" value={kind.type} {...form.register('type')} />
                  <span>
                    <span className="choice__title">{kind.label}</span>
                    <span className="choice__description">{kind.description}</span>
                  </span>
                </label>
              ))}
            </div>
          </FieldSet>
          <div className="grid grid--2">
            <Field
              label="Title (optional)"
              hint="Shown in the admin only; defaults to the code."
              error={errors.title?.message}
            >
              <input type="text" autoComplete="off" {...form.register('title')} />
            </Field>
            {isMulti(values.type) ? (
              <Field label="Codes" hint="One per line: 3–32 letters, digits, - or _." error={errors.codes?.message}>
                <textarea rows={4} spellCheck={false} {...form.register('codes')} />
              </Field>
            ) : (
              <Field label="Code" hint="3–32 letters, digits, - or _; unique in the shop." error={errors.code?.message}>
                <input
                  type="text"
                  autoComplete="off"
                  spellCheck={false}
                  autoCapitalize="characters"
                  {...form.register('code')}
                />
              </Field>
            )}
          </div>
        </section>

        <section className="panel" aria-labelledby="discount-title">
          <h2 id="discount-title">Discount</h2>
          {memberships ? (
            <Field label="Percentage off" error={errors.percentage?.message}>
              <input type="number" inputMode="decimal" min="1" max="100" step="any" {...form.register('percentage')} />
            </Field>
          ) : (
            <>
              <FieldSet legend="Discount type" error={errors.discountType?.message}>
                <div className="choice-row">
                  {(['PERCENTAGE', 'FLAT_RATE', 'FREE_SHIPPING', 'FREE_PRODUCTS'] as const).map((type) => (
                    <label key={type} className="radio">
                      <input type="radio" value={type} {...form.register('discountType')} /> {humanize(type)}
                    </label>
                  ))}
                </div>
              </FieldSet>
              {values.discountType === 'PERCENTAGE' && (
                <div className="grid grid--2">
                  <Field label="Percentage off" error={errors.percentage?.message}>
                    <input
                      type="number"
                      inputMode="decimal"
                      min="1"
                      max="100"
                      step="any"
                      {...form.register('percentage')}
                    />
                  </Field>
                  <Field label="Shipping" error={errors.shippingOption?.message}>
                    <select {...form.register('shippingOption')}>
                      {shippingOptions.map((option) => (
                        <option key={option} value={option}>
                          {humanize(option)}
                        </option>
                      ))}
                    </select>
                  </Field>
                </div>
              )}
              {values.discountType === 'FLAT_RATE' && (
                <div className="grid grid--2">
                  <Field label={`Amount off (${currency})`} error={errors.amount?.message}>
                    <input type="number" inputMode="decimal" min="0" step="any" {...form.register('amount')} />
                  </Field>
                  <label className="checkbox checkbox--standalone">
                    <input type="checkbox" {...form.register('freeShipping')} /> Also free shipping
                  </label>
                </div>
              )}
              {values.discountType === 'FREE_SHIPPING' && (
                <label className="checkbox checkbox--standalone">
                  <input type="checkbox" {...form.register('lowestOnly')} /> Only the cheapest shipping method is free
                </label>
              )}
              {values.discountType === 'FREE_PRODUCTS' && (
                <>
                  <FieldSet legend="How free products are added" error={errors.freeProductsType?.message}>
                    <label className="radio">
                      <input type="radio" value="MANUALLY_ADDED" {...form.register('freeProductsType')} /> The customer
                      picks one of the variants
                    </label>
                    <label className="radio">
                      <input type="radio" value="AUTO_ADDED" {...form.register('freeProductsType')} /> Added to the cart
                      automatically
                    </label>
                  </FieldSet>
                  {errors.freeProducts?.root?.message && (
                    <p className="field__error">{errors.freeProducts.root.message}</p>
                  )}
                  {products.isPending && <Loading label="Loading products…" />}
                  {freeProducts.fields.map((entry, index) => (
                    <fieldset key={entry.key} className="variant">
                      <legend>Free product {index + 1}</legend>
                      <div className="grid grid--2">
                        <Field
                          label={values.freeProductsType === 'AUTO_ADDED' ? 'Variant' : 'Variants to choose from'}
                          hint={
                            values.freeProductsType === 'AUTO_ADDED' ? undefined : 'Hold Ctrl or ⌘ to pick several.'
                          }
                          error={errors.freeProducts?.[index]?.variantIds?.message}
                        >
                          <select
                            multiple={values.freeProductsType !== 'AUTO_ADDED'}
                            size={values.freeProductsType === 'AUTO_ADDED' ? undefined : 6}
                            {...form.register(`freeProducts.${index}.variantIds`)}
                          >
                            {values.freeProductsType === 'AUTO_ADDED' && <option value="">Choose a variant</option>}
                            {variantOptions.map((option) => (
                              <option key={option.id} value={option.id}>
                                {option.label}
                              </option>
                            ))}
                          </select>
                        </Field>
                        <Field label="Quantity" error={errors.freeProducts?.[index]?.quantity?.message}>
                          <input
                            type="number"
                            inputMode="numeric"
                            min="1"
                            step="1"
                            {...form.register(`freeProducts.${index}.quantity`)}
                          />
                        </Field>
                      </div>
                      {freeProducts.fields.length > 1 && (
                        <button
                          type="button"
                          className="fs-button fs-button--danger fs-button--small"
                          onClick={() => freeProducts.remove(index)}
                        >
                          Remove free product {index + 1}
                        </button>
                      )}
                    </fieldset>
                  ))}
                  <button
                    type="button"
                    className="fs-button fs-button--secondary"
                    onClick={() => freeProducts.append({ variantIds: [], quantity: '1' })}
                  >
                    Add a free product
                  </button>
                  <label className="checkbox checkbox--standalone">
                    <input type="checkbox" {...form.register('freeShipping')} /> Also free shipping
                  </label>
                </>
              )}
            </>
          )}
        </section>

        {memberships ? (
          <section className="panel" aria-labelledby="who-title">
            <h2 id="who-title">Who can use it</h2>
            <label className="checkbox checkbox--standalone">
              <input type="checkbox" {...form.register('newMembersOnly')} /> New members only (never subscribed before)
            </label>
            <div className="grid grid--2">
              <Field label="Subscriptions" error={errors.subscriptionType?.message}>
                <select {...form.register('subscriptionType')}>
                  <option value="ALL">Monthly and annual</option>
                  <option value="MONTHLY">Monthly only</option>
                  <option value="ANNUAL">Annual only</option>
                </select>
              </Field>
              <FieldSet legend="Tiers" error={errors.tiersType?.message}>
                <label className="radio">
                  <input type="radio" value="ALL" {...form.register('tiersType')} /> Every tier
                </label>
                <label className="radio">
                  <input type="radio" value="SELECTED" {...form.register('tiersType')} /> Selected tiers
                </label>
              </FieldSet>
            </div>
            {values.tiersType === 'SELECTED' && (
              <FieldSet legend="Selected tiers" error={errors.tiersIds?.message}>
                {tiers.isPending ? (
                  <Loading />
                ) : tiers.isError ? (
                  <ErrorMessage error={tiers.error} />
                ) : tiers.data.results.length === 0 ? (
                  <p className="muted">The shop has no membership tiers.</p>
                ) : (
                  <ul className="checkbox-list">
                    {tiers.data.results.map((tier) => (
                      <li key={tier.id}>
                        <label className="checkbox">
                          <input type="checkbox" value={tier.id} {...form.register('tiersIds')} /> {tier.name}
                        </label>
                      </li>
                    ))}
                  </ul>
                )}
              </FieldSet>
            )}
          </section>
        ) : (
          <section className="panel" aria-labelledby="rules-title">
            <h2 id="rules-title">Requirements, limits and products</h2>
            <div className="grid grid--2">
              <Field
                label={`Minimum order (${currency}, optional)`}
                hint="The order subtotal must reach it."
                error={errors.minimumOrderValue?.message}
              >
                <input type="number" inputMode="decimal" min="0" step="any" {...form.register('minimumOrderValue')} />
              </Field>
              <Field
                label="Maximum uses (optional)"
                hint={isMulti(values.type) ? 'Per code. Empty: unlimited.' : 'Empty: unlimited.'}
                error={errors.maximumUses?.message}
              >
                <input type="number" inputMode="numeric" min="1" step="1" {...form.register('maximumUses')} />
              </Field>
            </div>
            <label className="checkbox checkbox--standalone">
              <input type="checkbox" {...form.register('oneUsePerCustomer')} /> Once per customer (by email)
            </label>
            <FieldSet legend="Applies to" error={errors.appliesTo?.message}>
              <label className="radio">
                <input type="radio" value="ENTIRE_ORDER" {...form.register('appliesTo')} /> The entire order
              </label>
              <label className="radio">
                <input type="radio" value="SELECTED_PRODUCTS" {...form.register('appliesTo')} /> Selected products
              </label>
              <label className="radio">
                <input type="radio" value="ENTIRE_ORDER_WITH_EXCLUDED_PRODUCTS" {...form.register('appliesTo')} /> The
                entire order except some products
              </label>
            </FieldSet>
            {values.appliesTo !== 'ENTIRE_ORDER' && (
              <>
                <FieldSet
                  legend={values.appliesTo === 'SELECTED_PRODUCTS' ? 'Products' : 'Excluded products'}
                  error={errors.products?.message}
                >
                  {products.isPending ? (
                    <Loading />
                  ) : products.isError ? (
                    <ErrorMessage error={products.error} />
                  ) : (
                    <ul className="checkbox-list checkbox-list--scroll">
                      {products.data.map((product) => (
                        <li key={product.id}>
                          <label className="checkbox">
                            <input type="checkbox" value={product.id} {...form.register('products')} /> {product.name}
                          </label>
                        </li>
                      ))}
                    </ul>
                  )}
                </FieldSet>
                {values.appliesTo === 'SELECTED_PRODUCTS' && (
                  <>
                    <label className="checkbox checkbox--standalone">
                      <input type="checkbox" {...form.register('oncePerOrder')} /> Discount one unit per order only
                    </label>
                    {errors.oncePerOrder?.message && <p className="field__error">{errors.oncePerOrder.message}</p>}
                  </>
                )}
              </>
            )}
          </section>
        )}

        <div className="form-actions">
          <button type="submit" className="fs-button fs-button--primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create promotion'}
          </button>
        </div>
      </form>
    </>
  )
}
