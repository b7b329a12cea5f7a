import VersionedDocNavbarItem from '@site/src/components/VersionedDocNavbarItem'
import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes'

/** Adds `custom-versionedDoc`: a navbar link to a doc or sidebar that follows the reader's chosen version. */
export default {
  ...ComponentTypes,
  'custom-versionedDoc': VersionedDocNavbarItem,
}
