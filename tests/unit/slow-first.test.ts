import { describe, expect, it } from 'vitest';
import { slowFirstOrder } from '../../scripts/lib/slow-first';

const name = (file: string) => `/repo/${file}`;

describe('slowFirstOrder', () => {
  it('moves the named files to the front in the order named, the others keep their order', () => {
    const files = ['tests/a.test.ts', 'tests/slow-b.test.ts', 'tests/c.test.ts', 'tests/slow-a.test.ts', 'tests/d.test.ts'].map(name);
    expect(slowFirstOrder(files, (file) => file, ['tests/slow-a.test.ts', 'tests/slow-b.test.ts'])).toEqual(
      ['tests/slow-a.test.ts', 'tests/slow-b.test.ts', 'tests/a.test.ts', 'tests/c.test.ts', 'tests/d.test.ts'].map(name),
    );
  });

  it('matches the end of the path only, and ignores named files that are not there', () => {
    const files = ['tests/e2e/login.test.ts', 'tests/unit/login.test.ts', 'tests/e2e/pwa.test.ts'].map(name);
    expect(slowFirstOrder(files, (file) => file, ['tests/gone.test.ts', 'e2e/pwa.test.ts', 'e2e/login.test.ts'])).toEqual(
      ['tests/e2e/pwa.test.ts', 'tests/e2e/login.test.ts', 'tests/unit/login.test.ts'].map(name),
    );
  });

  it('reads Windows separators as slashes', () => {
    expect(slowFirstOrder(['C:\\repo\\tests\\b.test.ts', 'C:\\repo\\tests\\a.test.ts'], (file) => file, ['tests/a.test.ts'])).toEqual([
      'C:\\repo\\tests\\a.test.ts',
      'C:\\repo\\tests\\b.test.ts',
    ]);
  });

  it('moves the files named last to the end in the order named, after the others', () => {
    const files = ['tests/timed-b.test.ts', 'tests/a.test.ts', 'tests/timed-a.test.ts', 'tests/slow.test.ts', 'tests/c.test.ts'].map(name);
    expect(slowFirstOrder(files, (file) => file, ['tests/slow.test.ts'], ['tests/timed-a.test.ts', 'tests/timed-b.test.ts'])).toEqual(
      ['tests/slow.test.ts', 'tests/a.test.ts', 'tests/c.test.ts', 'tests/timed-a.test.ts', 'tests/timed-b.test.ts'].map(name),
    );
  });

  it('keeps everything as it was when nothing is named', () => {
    expect(slowFirstOrder([3, 1, 2], String, [])).toEqual([3, 1, 2]);
  });
});
