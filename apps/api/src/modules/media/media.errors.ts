import { DomainError } from '../../errors/domain-error.js'

/**
 * The media storage (an S3 bucket) refused a file or could not be reached. The answer names no
 * bucket, key or credential; `reason` goes to the server's log only (as the error's cause).
 */
export function mediaStorageUnavailable(action: 'store' | 'read', reason: string): DomainError {
  const error = new DomainError(
    'MEDIA_STORAGE_UNAVAILABLE',
    action === 'store'
      ? 'The image could not be stored: the media storage did not accept it or could not be reached. Nothing was saved; try again later.'
      : 'The file could not be read from the media storage. Try again later.',
  )
  error.cause = new Error(reason)
  return error
}
