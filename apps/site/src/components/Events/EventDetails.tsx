import catalogue from '@generated/fanshelf-platform-facts/default/webhook-events.json'
import CodeBlock from '@theme/CodeBlock'
import type { ReactNode } from 'react'
import type { WebhookEventDoc } from '../../../plugins/platform-facts/contract.ts'
import { FieldTable, Html } from './index'
import styles from './styles.module.css'

/**
 * What the contract says about one event: description, `data` fields and the example delivery. The
 * guides write one heading per event (so the table of contents lists them) and render this under it;
 * the build fails if an event of the contract has no heading.
 */
function eventOf(type: string): WebhookEventDoc {
  const event = catalogue.events.find((candidate) => candidate.type === type)
  if (event === undefined) throw new Error(`Webhook event ${type} is not in openapi/open-api.yaml`)
  return event
}

function list(items: string[]): ReactNode[] {
  return items.flatMap((item, index) => [index > 0 ? ', ' : null, <code key={item}>{item}</code>])
}

export default function EventDetails({ type }: { type: string }): ReactNode {
  const event = eventOf(type)
  return (
    <div className={styles.event}>
      <p className={styles.meta}>
        <span className="badge badge--secondary">{event.tag}</span>{' '}
        {event.beta ? <span className="badge badge--beta">Beta</span> : null}
      </p>
      <Html html={event.descriptionHtml} />
      {event.dataVariants.length > 0 ? (
        <p>
          <code>data</code> is one of {list(event.dataVariants)}, told apart by <code>data.type</code>.
        </p>
      ) : (
        <FieldTable fields={event.dataFields} caption={`data: ${event.dataSchema ?? 'object'}`} />
      )}
      <CodeBlock language="json" title={`Example ${event.type} delivery`} tokens={event.exampleTokens}>
        {event.exampleJson}
      </CodeBlock>
    </div>
  )
}
