import type {HandoffStorage} from '../../daisychain';

/** Session storage as a plain map, for tests of what is stored and read. */
export class MemoryStorage implements HandoffStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}
