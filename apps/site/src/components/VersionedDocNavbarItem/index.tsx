import {
  type GlobalVersion,
  useActiveDocContext,
  useDocsPreferredVersion,
  useLatestVersion,
} from '@docusaurus/plugin-content-docs/client'
import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem'
import type { ReactNode } from 'react'

interface Props {
  /** Link to this doc… */
  docId?: string
  /** …or to the first page of this sidebar. */
  sidebarId?: string
  label: string
  position?: 'left' | 'right'
  mobile?: boolean
  className?: string
}

function targetIn(version: GlobalVersion, { docId, sidebarId }: Props): string | undefined {
  if (sidebarId) return version.sidebars?.[sidebarId]?.link?.path
  return version.docs.find((doc) => doc.id === docId)?.path
}

/**
 * The docs live at the site root, so every page counts as part of the current version and
 * Docusaurus' own doc links never use the reader's preferred version. This link does: once a reader
 * picks a version in the dropdown (saved in browser storage), the navbar's guide links lead to that
 * version on every page and visit, until they pick another.
 */
export default function VersionedDocNavbarItem(props: Props): ReactNode {
  const { docId, sidebarId, label, ...rest } = props
  const { activeDoc, activeVersion } = useActiveDocContext(undefined)
  const { preferredVersion } = useDocsPreferredVersion(undefined)
  const latestVersion = useLatestVersion(undefined)
  const version = preferredVersion ?? activeVersion ?? latestVersion
  const to = targetIn(version, props) ?? targetIn(latestVersion, props)
  if (to === undefined) throw new Error(`No doc "${docId ?? sidebarId}" in any docs version`)
  const isActive = () =>
    activeDoc !== undefined && (sidebarId ? activeDoc.sidebar === sidebarId : activeDoc.id === docId)
  return <DefaultNavbarItem {...rest} label={label} to={to} isActive={isActive} />
}
