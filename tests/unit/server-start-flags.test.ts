import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/lib/server-bundle';

describe('npm start', () => {
  it('runs the built server with the flags the benches and process tests use', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    const run = /&& node (.*) dist-server\/main\.js$/.exec(scripts.start ?? '');
    expect(run?.[1]?.split(' ')).toEqual(SERVER_NODE_FLAGS);
  });
});
