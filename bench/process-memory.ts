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
