/**
 * The only reader of process.env for the docs site. Parsed once at build time; a bad value fails
 * the build listing every problem.
 */
export interface SiteEnv {
  /**
   * Absolute origin the site is published at (canonical URLs, sitemap, llms.txt). By default the
   * local server's default address, which a running Fanshelf replaces with its own public URL when it
   * serves the build (decision 0032); a hosted copy sets FANSHELF_SITE_URL.
   */
  readonly url: string
  /** Google Tag Manager container id; `undefined` (the default) means no analytics and no outside request. */
  readonly tagManagerContainerId: string | undefined
  /** Announcement bar id; changing it shows the bar again to readers who dismissed the previous one. */
  readonly announcementId: string | undefined
}

/**
 * The local server's default address. Pages write it wherever they mean "the reader's server", and a
 * running Fanshelf serves them with its own public URL in its place (decision 0032).
 */
export const readerServerOrigin = 'http://127.0.0.1:4000'

const defaults = {
  url: readerServerOrigin,
  announcementId: 'standard-webhooks-2026-11',
}

export function loadSiteEnv(env: NodeJS.ProcessEnv = process.env): SiteEnv {
  const problems: string[] = []

  const url = env.FANSHELF_SITE_URL?.trim() || defaults.url
  if (!/^https?:\/\/[^/]+$/.test(url)) {
    problems.push(`FANSHELF_SITE_URL must be an origin without a path or trailing slash, got "${url}"`)
  }

  const tagManagerContainerId = env.FANSHELF_GTM_CONTAINER_ID?.trim() || undefined
  if (tagManagerContainerId !== undefined && !/^GTM-[A-Z0-9]+$/.test(tagManagerContainerId)) {
    problems.push(`FANSHELF_GTM_CONTAINER_ID must look like GTM-XXXXXXX, got "${tagManagerContainerId}"`)
  }

  const rawAnnouncement = env.FANSHELF_ANNOUNCEMENT_ID?.trim()
  const announcementId = rawAnnouncement === 'off' ? undefined : rawAnnouncement || defaults.announcementId
  if (announcementId !== undefined && !/^[a-z0-9][a-z0-9-]{0,63}$/.test(announcementId)) {
    problems.push(
      `FANSHELF_ANNOUNCEMENT_ID must be "off" or lower-case letters, digits and dashes, got "${announcementId}"`,
    )
  }

  if (problems.length > 0) {
    throw new Error(`Invalid docs site configuration:\n- ${problems.join('\n- ')}`)
  }
  return Object.freeze({ url, tagManagerContainerId, announcementId })
}
