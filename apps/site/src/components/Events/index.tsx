import Link from '@docusaurus/Link'
import catalogue from '@generated/fanshelf-platform-facts/default/webhook-event-index.json'
import ScrollableTable from '@site/src/components/ScrollableTable'
import type { ReactNode } from 'react'
import type { FieldDoc } from '../../../plugins/platform-facts/contract.ts'
import styles from './styles.module.css'

/**
 * The webhook event catalogue, rendered from the `webhooks:` section of openapi/open-api.yaml at
 * build time. This module holds the light views (lists, the envelope); EventDetails, with every
 * payload example, is its own module so that only the event-type pages load it.
 */

export function Html({ html, className }: { html: string; className?: string }): ReactNode {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: Markdown from our own contract, rendered at build time.
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />
}

export function FieldTable({ fields, caption }: { fields: FieldDoc[]; caption: string }): ReactNode {
  return (
    <ScrollableTable className={styles.fields}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Type</th>
          <th scope="col">Description</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field.name}>
            <td>
              <code>{field.name}</code>
              {field.required ? null : <span className={styles.optional}> optional</span>}
            </td>
            <td>
              <code>{field.type}</code>
            </td>
            <td>
              <Html html={field.descriptionHtml} className={styles.description} />
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  )
}

/** The fields every delivery shares. */
export function EnvelopeTable(): ReactNode {
  return <FieldTable fields={catalogue.envelope} caption="Envelope of every delivery" />
}

/** One row per event of the chosen page: type (linking to its section), what it is, data shape. */
export function EventSummaryTable({ beta }: { beta: boolean }): ReactNode {
  const events = catalogue.events.filter((event) => event.beta === beta)
  return (
    <ScrollableTable>
      <thead>
        <tr>
          <th scope="col">Type</th>
          <th scope="col">Fires when</th>
          <th scope="col">
            <code>data</code>
          </th>
        </tr>
      </thead>
      <tbody>
        {events.map((event) => (
          <tr key={event.type}>
            <td>
              <Link to={`#${event.type.toLowerCase()}`}>
                <code>{event.type}</code>
              </Link>
            </td>
            <td>{event.summary}</td>
            <td>
              <code>{event.dataSchema ?? 'object'}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  )
}

/** Every event type of a page, as a list of names (for prose such as allowedTypes examples). */
export function EventTypeList({ beta }: { beta?: boolean }): ReactNode {
  const events = catalogue.events.filter((event) => beta === undefined || event.beta === beta)
  return (
    <>
      {events.map((event, index) => (
        <span key={event.type}>
          {index > 0 ? ', ' : null}
          <code>{event.type}</code>
        </span>
      ))}
    </>
  )
}
