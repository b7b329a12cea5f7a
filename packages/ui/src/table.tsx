import type { Key, ReactNode } from 'react'

export interface TableColumn<Row> {
  /** The column's header; also the label a cell shows beside its value in the cards layout. */
  header: string
  cell: (row: Row) => ReactNode
  /** Right-aligned, tabular figures (money, counts). */
  numeric?: boolean
  /** The header is read by screen readers but not shown (an actions column). */
  hiddenHeader?: boolean
}

export interface TableProps<Row> {
  /** Names the table (its caption, visually hidden) and its scrolling region. */
  label: string
  columns: readonly TableColumn<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => Key
  /**
   * On a narrow screen (below 40rem): `scroll` keeps the table and scrolls it sideways inside its
   * own focusable box (the page never does); `cards` shows each row as a card of label/value pairs.
   */
  narrow?: 'scroll' | 'cards'
}

/** A data table that never makes the page scroll sideways. */
export function Table<Row>({ label, columns, rows, rowKey, narrow = 'scroll' }: TableProps<Row>) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section className={`fs-table-box fs-table-box--${narrow}`} tabIndex={0} aria-label={label}>
      <table className="fs-table">
        <caption className="fs-visually-hidden">{label}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.numeric ? 'fs-table__number' : undefined}>
                {column.hiddenHeader ? <span className="fs-visually-hidden">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.header}
                  data-label={column.hiddenHeader ? undefined : column.header}
                  className={column.numeric ? 'fs-table__number' : undefined}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
