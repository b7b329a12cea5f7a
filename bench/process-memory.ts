import fs from 'node:fs'

export interface ProcessMemory {
  /** Resident set now, MB. */
  rssMb: number
  /** Peak resident set since the process started, MB. */
  peakRssMb: number
}

/** VmRSS and VmHWM of a Linux process, in MB (0 where /proc is not there). */
export function processMemory(pid: number = process.pid): ProcessMemory {
  let status = ''
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  } catch {
    return { rssMb: 0, peakRssMb: 0 }
  }
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0)
  return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024 }
}

/**
 * CPU time a Linux process has used so far (user + system), in ms (0 where /proc is not there).
 * Divided by the requests a run answered, it gives the CPU each request cost the server, a figure
 * that other load on the machine disturbs far less than throughput.
 */
export function processCpuMs(pid: number): number {
  let stat = ''
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return 0
  }
  // Fields after the command name (which may hold spaces) start at state; utime and stime are 14, 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticksPerSecond = 100
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond
}
