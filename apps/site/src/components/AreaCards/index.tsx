import Link from '@docusaurus/Link'
import type { ReactNode } from 'react'
import ReferenceLink from '../ReferenceLink'
import styles from './styles.module.css'

export interface Area {
  to: string
  title: string
  text: string
  /** The target is an API reference page (see ReferenceLink). */
  reference?: boolean
}

/** A grid of links to the main areas of the docs, for the landing page. */
export default function AreaCards({ areas }: { areas: Area[] }): ReactNode {
  return (
    <ul className={styles.cards}>
      {areas.map((area) => (
        <li key={area.to}>
          {area.reference ? (
            <ReferenceLink to={area.to} className={`area-card ${styles.card}`}>
              <span className={styles.title}>{area.title}</span>
              <span className={styles.text}>{area.text}</span>
            </ReferenceLink>
          ) : (
            <Link to={area.to} className={`area-card ${styles.card}`}>
              <span className={styles.title}>{area.title}</span>
              <span className={styles.text}>{area.text}</span>
            </Link>
          )}
        </li>
      ))}
    </ul>
  )
}
