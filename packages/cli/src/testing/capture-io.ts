import type { Io } from '../command.js'

/** An Io that records what a command prints, for tests. */
export function captureIo() {
  let out = ''
  let err = ''
  return {
    io: {
      out: (text: string) => {
        out += text
      },
      err: (text: string) => {
        err += text
      },
    } satisfies Io,
    get out() {
      return out
    },
    get err() {
      return err
    },
  }
}
