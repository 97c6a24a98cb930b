/** What the benches print beside wall-clock figures, which a busy machine makes noisy. */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** CPU seconds (user + system) a process used so far, from /proc (Linux); null elsewhere. */
export function cpuSecondsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    // After the name: state is field 3, utime field 14 and stime field 15 (1-based, man proc).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** The machine's load average over 1, 5 and 15 minutes, e.g. "2.31, 2.29, 3.55". */
export const machineLoad = (): string => loadavg().map((value) => value.toFixed(2)).join(', ');

/** The ids of every process below `pid` (children, their children, …), from /proc (Linux); [] elsewhere. */
export function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  for (const name of entries) {
    try {
      const fields = readFileSync(`/proc/${name}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      // After the name: the parent's id is field 4 (1-based, man proc).
      const parent = Number(fields[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
    } catch {
      // the process ended meanwhile
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift() as number) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** CPU seconds used so far by each of these processes (those still running), by id. */
export function cpuSecondsOfEach(pids: number[]): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    const value = cpuSecondsOf(pid);
    if (value !== null) seconds.set(pid, value);
  }
  return seconds;
}

/** The machine's CPU time so far, busy and in all (clock ticks, every core), from /proc/stat (Linux); null elsewhere. */
function machineTicks(): { busy: number; all: number } | null {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal …: idle and iowait are the idle part.
    const all = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
    return { busy: all - (fields[3] ?? 0) - (fields[4] ?? 0), all };
  } catch {
    return null;
  }
}

/**
 * Waits until the machine is quiet (under `busyShare` of its CPU busy over one second) or
 * `atMostMs` has passed; gives the wait in ms and the last second's busy share. The benches
 * measure a quiet machine (docs/benchmarks.md); the one before may still be ending (its server's data
 * directory removed, its browser's processes exiting).
 */
export async function waitForQuietMachine(busyShare = 0.2, atMostMs = 20_000): Promise<{ waitedMs: number; busy: number }> {
  const started = Date.now();
  for (;;) {
    const before = machineTicks();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = machineTicks();
    if (!before || !after || after.all === before.all) return { waitedMs: Date.now() - started, busy: NaN };
    const busy = (after.busy - before.busy) / (after.all - before.all);
    if (busy < busyShare || Date.now() - started >= atMostMs) return { waitedMs: Date.now() - started, busy };
  }
}
