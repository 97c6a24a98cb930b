/**
 * The loop behind useJobFollower (docs/jobs.md, "Following a job"), without React: looks with
 * `read`, hands each answer to `onAnswer`, and waits as nextPollDelay says before the next look.
 * Offline it waits for the connection; hidden it looks slowly; when either comes back it looks at
 * once; it stops when the answer says the job ended.
 */
import { nextPollDelay, phaseAfterFailure, resumesAtOnce, type FollowPhase } from './follow-cadence';

export interface JobFollowerOptions<T> {
  /** One look (the server's answer); a rejection keeps the last known state and asks again. */
  read: () => Promise<T>;
  /** Where the job stands after this answer. */
  phaseOf: (answer: T) => FollowPhase;
  onAnswer: (answer: T) => void;
  /** The phase before the first answer: it sets the first look's delay. */
  first: FollowPhase;
  /** Online and visible right now. */
  conditions: () => { online: boolean; visible: boolean };
}

export interface JobFollower {
  /** Online or visibility changed: look at once when they came back, wait longer (or not at all) when they went. */
  conditionsChanged: () => void;
  stop: () => void;
}

export function followJob<T>(options: JobFollowerOptions<T>): JobFollower {
  let phase = options.first;
  let last = options.conditions();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let reading = false;
  let stopped = false;

  const schedule = () => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || reading) return;
    const delay = nextPollDelay({ phase, ...options.conditions() });
    if (delay !== null) timer = setTimeout(() => void look(), delay);
  };

  const look = async () => {
    timer = undefined;
    reading = true;
    try {
      const answer = await options.read();
      if (stopped) return;
      phase = options.phaseOf(answer);
      options.onAnswer(answer);
    } catch (error) {
      if (stopped) return;
      console.warn('Following a job: a look got no answer; asking again', error);
      phase = phaseAfterFailure(phase);
    } finally {
      reading = false;
    }
    schedule();
  };

  schedule();
  return {
    conditionsChanged: () => {
      const now = options.conditions();
      const before = last;
      last = now;
      if (before.online === now.online && before.visible === now.visible) return;
      if (resumesAtOnce(before, now, phase)) phase = 'due';
      schedule();
    },
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
