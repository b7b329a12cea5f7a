/** What the delivery worker logs to (pino's shape; the worker process and the app pass theirs). */
export interface WorkerLog {
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}

export const silentLog: WorkerLog = { info() {}, warn() {}, error() {} }
