/**
 * How often a screen asks about a job it waits on (docs/jobs.md, "Following a job"): one rule for
 * every screen, so the Logs list, a feed import's bar and the order import all read alike.
 */

/**
 * Where a followed job stands, as far as the next look goes:
 * - `due`: ask at once (the screen opened, its filters changed, the connection or the tab came back);
 * - `starting`: a job just queued by this screen (its first look comes soon, it usually starts at once);
 * - `running`: a job is queued or running;
 * - `idle`: nothing runs, but one may start by itself (a schedule), so a look now and then;
 * - `ended`: every followed job ended; no more looks.
 */
export type FollowPhase = 'due' | 'starting' | 'running' | 'idle' | 'ended';

/** The first look at a job this screen just queued. */
export const JOB_FIRST_LOOK_MS = 150;
/** While a job runs (one indexed row per look, docs/jobs.md "Running jobs"). */
export const JOB_POLL_MS = 700;
/** Nothing runs, or the tab is hidden. */
export const JOB_IDLE_POLL_MS = 15_000;

export interface FollowConditions {
  phase: FollowPhase;
  /** The app's idea of being online (`onlineAtom`, docs/architecture.md "One owner for each rule"). */
  online: boolean;
  /** Whether the tab is visible (`document.visibilityState`). */
  visible: boolean;
}

/** Milliseconds until the next look, or null for none: ended, or offline (paused until the connection returns). */
export function nextPollDelay({ phase, online, visible }: FollowConditions): number | null {
  if (phase === 'ended' || !online) return null;
  if (phase === 'due') return 0;
  if (!visible || phase === 'idle') return JOB_IDLE_POLL_MS;
  return phase === 'starting' ? JOB_FIRST_LOOK_MS : JOB_POLL_MS;
}

/** After a look that got no answer (flaky Wi-Fi): the last known state stays, and the next look comes at the running pace. */
export function phaseAfterFailure(phase: FollowPhase): FollowPhase {
  return phase === 'due' || phase === 'starting' ? 'running' : phase;
}

/** Whether a change of conditions should look at once: the connection or the tab came back while a job is followed. */
export function resumesAtOnce(before: Omit<FollowConditions, 'phase'>, after: Omit<FollowConditions, 'phase'>, phase: FollowPhase): boolean {
  if (phase === 'ended' || !after.online || !after.visible) return false;
  return !before.online || !before.visible;
}
