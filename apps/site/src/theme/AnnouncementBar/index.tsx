import { useAnnouncementBar } from '@docusaurus/theme-common/internal'
import type { WrapperProps } from '@docusaurus/types'
import type AnnouncementBarType from '@theme/AnnouncementBar'
import AnnouncementBar from '@theme-original/AnnouncementBar'
import { type ReactNode, useEffect } from 'react'

type Props = WrapperProps<typeof AnnouncementBarType>

/**
 * Docusaurus hides a dismissed bar before hydration with a data attribute on <html>, but leaves the
 * attribute in place when a new announcement id resets the dismissal, so a new announcement would
 * stay hidden until the next page load. Clear the attribute whenever the bar is active.
 */
export default function AnnouncementBarWrapper(props: Props): ReactNode {
  const { isActive } = useAnnouncementBar()
  useEffect(() => {
    if (isActive) document.documentElement.setAttribute('data-announcement-bar-initially-dismissed', 'false')
  }, [isActive])
  return <AnnouncementBar {...props} />
}
