import {runInNewContext} from 'node:vm';
import {describe, expect, it} from 'vitest';
import {COLOR_MODE_GUARD_SCRIPT} from './colorModeGuard';

function run(stored: string | null, {throws = false} = {}) {
  const store = new Map<string, string>(stored === null ? [] : [['theme', stored]]);
  const localStorage = {
    getItem: (key: string) => {
      if (throws) throw new Error('blocked');
      return store.get(key) ?? null;
    },
    removeItem: (key: string) => store.delete(key),
  };
  runInNewContext(COLOR_MODE_GUARD_SCRIPT, {localStorage});
  return store.get('theme') ?? null;
}

describe('the colour mode guard', () => {
  it('keeps light and dark, and an empty store', () => {
    expect(run('light')).toBe('light');
    expect(run('dark')).toBe('dark');
    expect(run(null)).toBeNull();
  });

  it('forgets anything else', () => {
    for (const junk of ['system', 'purple', '', '"><script>alert(1)</script>', 'DARK']) expect(run(junk)).toBeNull();
  });

  it('does nothing, and throws nothing, when storage is blocked', () => {
    expect(() => run('purple', {throws: true})).not.toThrow();
  });
});
