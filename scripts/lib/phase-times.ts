/**
 * The table of phase times npm test prints before its last line (scripts/test.ts; docs/testing.md,
 * "npm test"): how long each phase took by the wall clock, and which ran beside which.
 */

export interface PhaseTime {
  name: string;
  /** Wall-clock seconds from the phase's start to its end. */
  seconds: number;
  /** The phase it ran beside, if it was not on its own. */
  beside?: string;
}

/** Whole seconds, then minutes and seconds from a minute on: "48 s", "7 min 05 s". */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

/** "Phase times:", one aligned line per phase, then the total. */
export function phaseTimesTable(phases: PhaseTime[], totalSeconds: number): string[] {
  const rows = [...phases.map((phase) => ({ name: phase.name, time: formatDuration(phase.seconds), note: phase.beside ? `beside the ${phase.beside}` : '' })), { name: 'total', time: formatDuration(totalSeconds), note: '' }];
  const nameWidth = Math.max(...rows.map((row) => row.name.length));
  const timeWidth = Math.max(...rows.map((row) => row.time.length));
  return ['Phase times:', ...rows.map((row) => `  ${row.name.padEnd(nameWidth)}  ${row.time.padStart(timeWidth)}${row.note ? `  (${row.note})` : ''}`)];
}
