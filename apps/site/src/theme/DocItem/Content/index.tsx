import type { WrapperProps } from '@docusaurus/types'
import CopyPageActions from '@site/src/components/CopyPageActions'
import type ContentType from '@theme/DocItem/Content'
import Content from '@theme-original/DocItem/Content'
import type { ReactNode } from 'react'

type Props = WrapperProps<typeof ContentType>

/** Every guide gets "Copy page as Markdown" and "View as Markdown" above its content. */
export default function ContentWrapper(props: Props): ReactNode {
  return (
    <>
      <CopyPageActions />
      <Content {...props} />
    </>
  )
}
