/** Types of fanshelf-server.mjs (plain Node so Lighthouse runs it without a TypeScript loader). */
export interface FanshelfServer {
  url: string
  pid: number
  close(): Promise<void>
}

export function startFanshelfServer(options: {
  siteDir: string
  port: number
  host?: string
  env?: Record<string, string>
}): Promise<FanshelfServer>
