import { Link } from 'react-router'
import { PageHeader } from '../ui/parts.tsx'

export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" description="There is nothing at this address in the admin." />
      <p>
        <Link to="/orders">Go to orders</Link>
      </p>
    </>
  )
}
