import { describe, expect, it } from 'vitest';
import { formatDuration, phaseTimesTable } from '../../scripts/lib/phase-times';

describe('formatDuration', () => {
  it('says whole seconds under a minute, rounded', () => {
    expect(formatDuration(0.4)).toBe('0 s');
    expect(formatDuration(47.6)).toBe('48 s');
    expect(formatDuration(59.4)).toBe('59 s');
  });

  it('says minutes and two-digit seconds from a minute on', () => {
    expect(formatDuration(59.6)).toBe('1 min 00 s');
    expect(formatDuration(425)).toBe('7 min 05 s');
    expect(formatDuration(3_725)).toBe('62 min 05 s');
  });
});

describe('phaseTimesTable', () => {
  it('lists every phase in the order given, aligned, with what it ran beside, then the total', () => {
    expect(
      phaseTimesTable(
        [
          { name: 'type check', seconds: 41, beside: 'unit and server tests' },
          { name: 'unit and server tests', seconds: 250.2 },
          { name: 'browser tests', seconds: 412 },
        ],
        668,
      ),
    ).toEqual([
      'Phase times:',
      '  type check                    41 s  (beside the unit and server tests)',
      '  unit and server tests   4 min 10 s',
      '  browser tests           6 min 52 s',
      '  total                  11 min 08 s',
    ]);
  });

  it('has only the total when no phase ran', () => {
    expect(phaseTimesTable([], 3)).toEqual(['Phase times:', '  total  3 s']);
  });
});
