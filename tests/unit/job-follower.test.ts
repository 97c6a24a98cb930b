/** Following a job (docs/jobs.md, "Following a job"): the one cadence rule, and the loop every screen uses. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  JOB_FIRST_LOOK_MS,
  JOB_IDLE_POLL_MS,
  JOB_POLL_MS,
  nextPollDelay,
  phaseAfterFailure,
  resumesAtOnce,
  type FollowPhase,
} from '../../src/app/features/jobs/follow-cadence';
import { followJob } from '../../src/app/features/jobs/job-follower';

describe('nextPollDelay', () => {
  const at = (phase: FollowPhase, online = true, visible = true) => nextPollDelay({ phase, online, visible });

  it('looks soon at a job just queued, every 0.7 s while one runs, every 15 s when nothing runs', () => {
    expect([JOB_FIRST_LOOK_MS, JOB_POLL_MS, JOB_IDLE_POLL_MS]).toEqual([150, 700, 15_000]);
    expect(at('starting')).toBe(150);
    expect(at('running')).toBe(700);
    expect(at('idle')).toBe(15_000);
    expect(at('due')).toBe(0);
  });

  it('stops once the job ended, and pauses offline whatever the phase', () => {
    expect(at('ended')).toBeNull();
    for (const phase of ['due', 'starting', 'running', 'idle', 'ended'] as const) expect(at(phase, false)).toBeNull();
  });

  it('looks only every 15 s while the tab is hidden, but a look asked for now is not held back', () => {
    expect(at('starting', true, false)).toBe(15_000);
    expect(at('running', true, false)).toBe(15_000);
    expect(at('idle', true, false)).toBe(15_000);
    expect(at('due', true, false)).toBe(0);
    expect(at('ended', true, false)).toBeNull();
  });

  it('after a look without an answer keeps the running pace, never asks at once again', () => {
    expect(phaseAfterFailure('due')).toBe('running');
    expect(phaseAfterFailure('starting')).toBe('running');
    expect(phaseAfterFailure('running')).toBe('running');
    expect(phaseAfterFailure('idle')).toBe('idle');
  });

  it('looks at once when the connection or the tab comes back, not when they go or for an ended job', () => {
    const up = { online: true, visible: true };
    expect(resumesAtOnce({ online: false, visible: true }, up, 'running')).toBe(true);
    expect(resumesAtOnce({ online: true, visible: false }, up, 'idle')).toBe(true);
    expect(resumesAtOnce(up, { online: false, visible: true }, 'running')).toBe(false);
    expect(resumesAtOnce(up, { online: true, visible: false }, 'running')).toBe(false);
    expect(resumesAtOnce({ online: false, visible: true }, { online: true, visible: false }, 'running')).toBe(false);
    expect(resumesAtOnce({ online: false, visible: true }, up, 'ended')).toBe(false);
  });
});

describe('followJob', () => {
  /** A fake server: counts the looks and answers the phases it is given, one per look (the last one repeats). */
  function fakeServer(phases: FollowPhase[]) {
    let looks = 0;
    return {
      get looks() {
        return looks;
      },
      read: () => {
        const phase = phases[Math.min(looks, phases.length - 1)] ?? 'ended';
        looks += 1;
        return Promise.resolve(phase);
      },
    };
  }
  let conditions: { online: boolean; visible: boolean };
  beforeEach(() => {
    vi.useFakeTimers();
    conditions = { online: true, visible: true };
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  const follow = (server: ReturnType<typeof fakeServer>, first: FollowPhase, answers: FollowPhase[] = []) =>
    followJob<FollowPhase>({ read: server.read, phaseOf: (phase) => phase, onAnswer: (phase) => answers.push(phase), first, conditions: () => conditions });

  it('looks at a just queued job after 150 ms, then every 700 ms until it ended, then never again', async () => {
    const server = fakeServer(['running', 'running', 'ended']);
    const answers: FollowPhase[] = [];
    follow(server, 'starting', answers);
    await vi.advanceTimersByTimeAsync(149);
    expect(server.looks).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.looks).toBe(1);
    await vi.advanceTimersByTimeAsync(699);
    expect(server.looks).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.looks).toBe(2);
    await vi.advanceTimersByTimeAsync(700);
    expect(server.looks).toBe(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.looks).toBe(3);
    expect(answers).toEqual(['running', 'running', 'ended']);
  });

  it('asked for now, looks at once; with nothing running, every 15 s', async () => {
    const server = fakeServer(['idle']);
    follow(server, 'due');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.looks).toBe(1);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(server.looks).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.looks).toBe(2);
  });

  it('offline it makes no call at all, and looks at once when the connection returns', async () => {
    const server = fakeServer(['running']);
    conditions = { online: false, visible: true };
    const follower = follow(server, 'running');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.looks).toBe(0);
    conditions = { online: true, visible: true };
    follower.conditionsChanged();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.looks).toBe(1);
    await vi.advanceTimersByTimeAsync(700);
    expect(server.looks).toBe(2);
  });

  it('going offline while a look is planned cancels it', async () => {
    const server = fakeServer(['running']);
    const follower = follow(server, 'running');
    await vi.advanceTimersByTimeAsync(700);
    expect(server.looks).toBe(1);
    conditions = { online: false, visible: true };
    follower.conditionsChanged();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.looks).toBe(1);
  });

  it('hidden it looks every 15 s instead of every 700 ms, and at once when the tab is shown again', async () => {
    const server = fakeServer(['running']);
    const follower = follow(server, 'running');
    await vi.advanceTimersByTimeAsync(700);
    expect(server.looks).toBe(1);
    conditions = { online: true, visible: false };
    follower.conditionsChanged();
    await vi.advanceTimersByTimeAsync(14_999);
    expect(server.looks).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.looks).toBe(2);
    await vi.advanceTimersByTimeAsync(5_000);
    conditions = { online: true, visible: true };
    follower.conditionsChanged();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.looks).toBe(3);
    await vi.advanceTimersByTimeAsync(700);
    expect(server.looks).toBe(4);
  });

  it('an unchanged condition reported again changes nothing', async () => {
    const server = fakeServer(['running']);
    const follower = follow(server, 'starting');
    follower.conditionsChanged();
    await vi.advanceTimersByTimeAsync(149);
    expect(server.looks).toBe(0);
  });

  it('a look without an answer keeps the last answer and asks again at the running pace', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let looks = 0;
    const answers: string[] = [];
    followJob<string>({
      read: () => {
        looks += 1;
        return looks === 1 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve('ended');
      },
      phaseOf: (answer) => (answer === 'ended' ? 'ended' : 'running'),
      onAnswer: (answer) => answers.push(answer),
      first: 'due',
      conditions: () => conditions,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(looks).toBe(1);
    expect(answers).toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(700);
    expect(looks).toBe(2);
    expect(answers).toEqual(['ended']);
  });

  it('stopped, it looks no more and drops an answer still on its way', async () => {
    let answer: (phase: FollowPhase) => void = () => undefined;
    let looks = 0;
    const answers: FollowPhase[] = [];
    const follower = followJob<FollowPhase>({
      read: () => {
        looks += 1;
        return new Promise((resolve) => (answer = resolve));
      },
      phaseOf: (phase) => phase,
      onAnswer: (phase) => answers.push(phase),
      first: 'due',
      conditions: () => conditions,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(looks).toBe(1);
    follower.stop();
    answer('running');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(looks).toBe(1);
    expect(answers).toEqual([]);
  });
});
