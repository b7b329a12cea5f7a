import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'

/**
 * One process of the local cluster (PostgreSQL, Redis, an API node, a worker), started by command
 * line and stopped by PID. Its output is appended to its own log file (the child writes to the file
 * itself, so it never blocks on, or dies with, a pipe to us). It runs in its own process group, so
 * a Ctrl+C in the terminal reaches only the orchestrator, which stops everything in order.
 */
export interface ProcessSpec {
  /** `postgres`, `redis`, `api-1`, `worker-2`… */
  readonly name: string
  readonly command: string
  readonly args: readonly string[]
  readonly env: NodeJS.ProcessEnv
  readonly cwd: string
  readonly logFile: string
  /** Run as this user (PostgreSQL refuses to run as root). */
  readonly user?: { uid: number; gid: number }
  /**
   * Resolves once the process serves; `since` is the log file's size when it was spawned. Stop
   * probing when `signal` aborts (the start gave up).
   */
  readonly ready: (process: ClusterProcess, since: number, signal: AbortSignal) => Promise<void>
  /** The signal of an orderly stop (SIGTERM unless the program wants another). */
  readonly stopSignal?: NodeJS.Signals
  readonly readyTimeoutMs?: number
}

export interface ExitRecord {
  readonly name: string
  readonly pid: number
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
}

export class ClusterProcess {
  private child: ChildProcess | undefined
  private exited: Promise<ExitRecord> | undefined
  private expectingExit = false
  /** Called when the process ends without having been told to (a crash, an OOM kill…). */
  onUnexpectedExit: (exit: ExitRecord) => void = () => {}

  constructor(readonly spec: ProcessSpec) {}

  get name(): string {
    return this.spec.name
  }

  /** The PID while the process runs. */
  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null
  }

  get logFile(): string {
    return this.spec.logFile
  }

  /**
   * Spawns the process and waits until it is ready; kills it again if it does not get there, or
   * when `signal` aborts first.
   */
  async start(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted()
    if (this.running) throw new Error(`${this.name} is already running (pid ${this.pid})`)
    const since = fs.existsSync(this.spec.logFile) ? fs.statSync(this.spec.logFile).size : 0
    const fd = fs.openSync(this.spec.logFile, 'a')
    let child: ChildProcess
    try {
      child = spawn(this.spec.command, [...this.spec.args], {
        cwd: this.spec.cwd,
        env: this.spec.env,
        stdio: ['ignore', fd, fd],
        detached: true,
        ...(this.spec.user ?? {}),
      })
    } finally {
      fs.closeSync(fd)
    }
    this.child = child
    this.expectingExit = false
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        const record = { name: this.name, pid: child.pid ?? -1, code, signal }
        if (!this.expectingExit) this.onUnexpectedExit(record)
        resolve(record)
      })
    })
    const spawned = await new Promise<Error | undefined>((resolve) => {
      child.once('spawn', () => resolve(undefined))
      child.once('error', (error) => resolve(error))
    })
    if (spawned) throw new Error(`${this.name}: could not start ${this.spec.command}: ${spawned.message}`)

    const exitedEarly = this.exited.then((exit) => {
      throw new Error(
        `${this.name} exited (code ${exit.code}, signal ${exit.signal}) before it was ready; see ${this.logFile}:\n${tail(this.logFile, since)}`,
      )
    })
    const timeoutMs = this.spec.readyTimeoutMs ?? 60_000
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${this.name} was not ready within ${timeoutMs} ms; see ${this.logFile}`)),
        timeoutMs,
      )
    })
    // Without a listener the rejection of an exit after readiness would be unhandled.
    exitedEarly.catch(() => {})
    const probing = new AbortController()
    const aborted = new Promise<never>((_, reject) => {
      if (!signal) return
      const onAbort = () => reject(signal.reason)
      signal.addEventListener('abort', onAbort, { once: true })
      probing.signal.addEventListener('abort', () => signal.removeEventListener('abort', onAbort), { once: true })
    })
    aborted.catch(() => {})
    try {
      this.expectingExit = true // an exit before readiness is reported by start() itself
      await Promise.race([this.spec.ready(this, since, probing.signal), exitedEarly, timedOut, aborted])
      this.expectingExit = false
    } catch (error) {
      await this.kill('SIGKILL')
      throw error
    } finally {
      probing.abort()
      clearTimeout(timer)
    }
  }

  /** Sends `signal` to the PID and waits for the process to end. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<ExitRecord | undefined> {
    const pid = this.pid
    if (pid === undefined || !this.exited) return undefined
    this.expectingExit = true
    try {
      process.kill(pid, signal)
    } catch {
      // Already gone: the exit event is on its way.
    }
    return this.exited
  }

  /** An orderly stop: the stop signal, then SIGKILL if it takes longer than `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    const pid = this.pid
    if (pid === undefined || !this.exited) return
    const exited = this.exited
    const timer = setTimeout(() => {
      try {
        process.kill(pid, 'SIGKILL')
      } catch {}
    }, graceMs)
    await this.kill(this.spec.stopSignal ?? 'SIGTERM')
    clearTimeout(timer)
    await exited
  }

  /** For a process 'exit' handler: SIGKILL now, synchronously, without waiting. */
  killNow(): void {
    const pid = this.pid
    if (pid === undefined) return
    this.expectingExit = true
    try {
      process.kill(pid, 'SIGKILL')
    } catch {}
  }
}

/** The last lines a process wrote since `since` (for error messages). */
export function tail(file: string, since = 0, maxChars = 4000): string {
  try {
    const text = fs.readFileSync(file, 'utf8').slice(since)
    return text.slice(-maxChars)
  } catch {
    return '(no log)'
  }
}

/** Resolves once the log file has, after `since`, a line matching `pattern`. */
export async function logLine(file: string, since: number, pattern: RegExp, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    if (pattern.test(tail(file, since, Number.POSITIVE_INFINITY))) return
    await sleep(50)
  }
}

/**
 * Runs a command to completion without blocking the event loop (a blocked loop cannot handle
 * Ctrl+C, and tsx SIGKILLs a child that does not acknowledge a signal within 60 ms). When
 * `options.signal` aborts, the command gets SIGTERM and this rejects once it has exited.
 */
export function run(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args], { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
    let failed: Error | undefined
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once('error', (error) => {
      failed = error
      // A command that never started has no 'close' to wait for.
      if (child.pid === undefined) reject(error)
    })
    child.once('close', (code) => (failed ? reject(failed) : resolve({ code, output })))
  })
}

/** A TCP port on loopback that is free now (the OS picks it). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, host, () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/** Resolves once `probe` succeeds (retried every `intervalMs` while it throws, until `signal` aborts). */
export async function until(probe: () => Promise<unknown>, signal: AbortSignal, intervalMs = 100): Promise<void> {
  while (!signal.aborted) {
    try {
      await probe()
      return
    } catch {
      await sleep(intervalMs)
    }
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
