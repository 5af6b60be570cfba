import { storageKeys } from '@secretchatbox/contracts';

type StorageKey = keyof typeof storageKeys;

/** localStorage under the product's keys (`storageKeys`); a browser refusing storage behaves as if it were empty. */
export const storage = {
  get(key: StorageKey): string | null {
    try {
      return localStorage.getItem(storageKeys[key]);
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      localStorage.setItem(storageKeys[key], value);
    } catch {
      // Private browsing may refuse storage; the value then lasts for this page only.
    }
  },
  remove(key: StorageKey): void {
    try {
      localStorage.removeItem(storageKeys[key]);
    } catch {
      // As above.
    }
  },
};
