import { shopCurrencies, shopSettings as validateShopSettings } from 'virtual:fanshelf-contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { get, put } from '../../api/client.ts'
import { sessionKey, useCan } from '../../api/session.ts'
import type { ShopSettings } from '../../api/types.ts'
import { applyServerError, contractResolver } from '../../forms/contract-form.ts'
import { Field, FieldSet, FormAlert } from '../../forms/Field.tsx'
import { formatDateTime } from '../../ui/format.ts'
import { ErrorMessage, Loading, Notice, PageHeader, useDocumentTitle } from '../../ui/parts.tsx'

/** The form's values: the request body with text for every optional field ('' is none). */
interface SettingsForm {
  name: string
  domain: string
  publicDomain: string
  currency: string
  contact: {
    shopEmail: string
    contactEmail: string
    transactionalEmail: string
    customerSupportEmail: string
    phone: string
  }
  branding: { accentColor: string }
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim())

/** admin-api.yaml `AdminShopSettingsRequest`. */
function toBody(values: SettingsForm) {
  return {
    name: values.name,
    domain: values.domain.trim(),
    publicDomain: orNull(values.publicDomain),
    currency: values.currency,
    contact: {
      shopEmail: values.contact.shopEmail.trim(),
      contactEmail: values.contact.contactEmail.trim(),
      transactionalEmail: values.contact.transactionalEmail.trim(),
      customerSupportEmail: orNull(values.contact.customerSupportEmail),
      phone: orNull(values.contact.phone),
    },
    branding: { accentColor: orNull(values.branding.accentColor) },
  }
}

function toForm(settings: ShopSettings): SettingsForm {
  return {
    name: settings.name,
    domain: settings.domain,
    publicDomain: settings.publicDomain ?? '',
    currency: settings.currency,
    contact: {
      ...settings.contact,
      customerSupportEmail: settings.contact.customerSupportEmail ?? '',
      phone: settings.contact.phone ?? '',
    },
    branding: { accentColor: settings.branding.accentColor ?? '' },
  }
}

/**
 * The shop's settings: name, domains, currency, contact and the checkout's accent colour. The
 * super-admin edits them; staff see them read-only (decision 0037).
 */
export function Component() {
  useDocumentTitle('Shop settings')
  const settings = useQuery({ queryKey: ['shop-settings'], queryFn: () => get<ShopSettings>('/shop-settings') })
  return (
    <>
      <PageHeader
        title="Shop settings"
        description="What shoppers and integrations see of the shop: its name and domains (checkout, product feed, APIs), its currency, how to reach it, and the checkout's colour."
      />
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <ErrorMessage error={settings.error} />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </>
  )
}

function SettingsForm(props: { settings: ShopSettings }) {
  const { settings } = props
  const mayUpdate = useCan()('shopSettings.update')
  const client = useQueryClient()
  const [notice, setNotice] = useState<string | undefined>()
  const form = useForm<SettingsForm>({
    defaultValues: toForm(settings),
    resolver: contractResolver(validateShopSettings, toBody),
  })
  const save = useMutation({
    mutationFn: (values: SettingsForm) => put<ShopSettings>('/shop-settings', toBody(values)),
    onSuccess: (saved) => {
      client.setQueryData(['shop-settings'], saved)
      form.reset(toForm(saved))
      setNotice('Saved. The checkout, the product feed and the APIs show the new settings.')
      // The header shows the shop's name (from the session), and other pages read the shop.
      void client.invalidateQueries({ queryKey: sessionKey })
      void client.invalidateQueries({ queryKey: ['shop'] })
    },
    onError: (error) => applyServerError(error, form.setError),
  })
  const { errors } = form.formState
  const accent = form.watch('branding.accentColor')
  const swatch = /^#[0-9a-fA-F]{6}$/.test(accent.trim()) ? accent.trim() : undefined

  return (
    <form className="panel" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <Notice message={notice} onDismiss={() => setNotice(undefined)} />
      {!mayUpdate && (
        <p className="muted" role="note">
          Only a super-admin can change these settings.
        </p>
      )}
      <FormAlert messages={[errors.root?.server?.message, errors.root?.contract?.message]} />
      {/* A disabled fieldset makes every control read-only for staff. */}
      <fieldset className="fieldset--plain" disabled={!mayUpdate || save.isPending}>
        <Field label="Shop name" hint="The checkout's header, the feed's title and brand." error={errors.name?.message}>
          <input type="text" autoComplete="organization" {...form.register('name')} />
        </Field>
        <Field
          label="Domain"
          hint="The shop's platform host name, e.g. my-shop.fanshelf.shop. Unique across shops."
          error={errors.domain?.message}
        >
          <input type="text" spellCheck={false} autoCapitalize="none" {...form.register('domain')} />
        </Field>
        <Field
          label="Custom domain"
          hint="Your own host name, e.g. shop.example.com; feed links use it. Leave empty for none."
          error={errors.publicDomain?.message}
        >
          <input type="text" spellCheck={false} autoCapitalize="none" {...form.register('publicDomain')} />
        </Field>
        <Field
          label="Currency"
          hint={
            settings.currencyChangeable
              ? 'Prices, orders and promotions are in this currency. It can change until the shop prices something.'
              : 'Fixed: products, orders or other records are already priced in it.'
          }
          error={errors.currency?.message}
        >
          <select disabled={!settings.currencyChangeable} {...form.register('currency')}>
            {shopCurrencies.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
        </Field>

        <FieldSet legend="Contact">
          <Field label="Shop email" error={errors.contact?.shopEmail?.message}>
            <input type="email" inputMode="email" autoComplete="off" {...form.register('contact.shopEmail')} />
          </Field>
          <Field
            label="Contact email"
            hint="Where customers and platforms reach you."
            error={errors.contact?.contactEmail?.message}
          >
            <input type="email" inputMode="email" autoComplete="off" {...form.register('contact.contactEmail')} />
          </Field>
          <Field label="Order email sender" error={errors.contact?.transactionalEmail?.message}>
            <input type="email" inputMode="email" autoComplete="off" {...form.register('contact.transactionalEmail')} />
          </Field>
          <Field label="Customer support email" hint="Optional." error={errors.contact?.customerSupportEmail?.message}>
            <input
              type="email"
              inputMode="email"
              autoComplete="off"
              {...form.register('contact.customerSupportEmail')}
            />
          </Field>
          <Field label="Phone" hint="Optional. Digits, spaces and + ( ) . -" error={errors.contact?.phone?.message}>
            <input type="tel" autoComplete="tel" {...form.register('contact.phone')} />
          </Field>
        </FieldSet>

        <FieldSet legend="Branding">
          <Field
            label="Checkout accent colour"
            hint="As #rrggbb, e.g. #2f6f4e: the checkout's buttons and links. Leave empty for Fanshelf's purple. A shade that reads well is used where the colour itself would not."
            error={errors.branding?.accentColor?.message}
          >
            <input type="text" spellCheck={false} placeholder="#5b3cc4" {...form.register('branding.accentColor')} />
          </Field>
          <p>
            <label>
              <input
                type="color"
                className="color-swatch"
                value={swatch ?? '#5b3cc4'}
                onChange={(event) =>
                  form.setValue('branding.accentColor', event.target.value, { shouldDirty: true, shouldValidate: true })
                }
              />{' '}
              <span className="muted">{swatch ? `Pick a colour (now ${swatch})` : 'Pick a colour'}</span>
            </label>
          </p>
        </FieldSet>
      </fieldset>
      <p className="muted">Last changed {formatDateTime(settings.updatedAt)}.</p>
      {mayUpdate && (
        <button
          type="submit"
          className="fs-button fs-button--primary"
          disabled={save.isPending || !form.formState.isDirty}
        >
          {save.isPending ? 'Saving…' : 'Save settings'}
        </button>
      )}
    </form>
  )
}
