import { usePluginData } from '@docusaurus/useGlobalData'
import ScrollableTable from '@site/src/components/ScrollableTable'
import type { ReactNode } from 'react'
import type { CompatibilityFacts } from '../../../plugins/compatibility-facts/index.ts'
import { formatCount } from '../Facts/format'

function useCompatibilityFacts(): CompatibilityFacts {
  return usePluginData('fanshelf-compatibility-facts') as CompatibilityFacts
}

/** "1,130 of 1,141 fields (99.0%)": the published document's fields our contracts carry. */
export function FieldCoverage(): ReactNode {
  const facts = useCompatibilityFacts()
  const percent = ((facts.carriedFields / facts.servedFields) * 100).toFixed(1)
  return (
    <>
      <strong>
        {formatCount(facts.carriedFields)} of {formatCount(facts.servedFields)}
      </strong>{' '}
      request and response fields ({percent}%) of the {facts.servedOperations} of {facts.publishedOperations} published
      operations Fanshelf serves
    </>
  )
}

/** The published operations and fields Fanshelf leaves out, each with its reason. */
export function KnownDifferences(): ReactNode {
  const facts = useCompatibilityFacts()
  const rows = [
    ...facts.operationsNotServed.map((row) => ({ what: row.operation, reason: row.reason })),
    ...facts.fieldsLeftOut.map((row) => ({ what: row.field, reason: row.reason })),
  ]
  if (rows.length === 0) {
    return <p>None: every operation and field of the published document is in the contracts.</p>
  }
  return (
    <ScrollableTable>
      <thead>
        <tr>
          <th>Published operation or field</th>
          <th>Why Fanshelf leaves it out</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.what}>
            <td>
              <code>{row.what}</code>
            </td>
            <td>{row.reason}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  )
}
