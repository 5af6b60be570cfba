// A process contending for a data folder's lock (data-directory-lock.spec.ts): once loaded it says
// so, and at each word from its parent it tries to take the lock and answers how that went. It
// never releases a lock it took: killed, it leaves it behind as a process that died would.
import { lockDataDirectory } from '../src/data-directory-lock.js';

export type Attempt = Readonly<{ pid: number; won: boolean; message?: string }>;

const dataDir = process.argv[2]!;
const answer = (attempt: Attempt) => process.send!(attempt);
process.on('message', () => {
  try {
    lockDataDirectory(dataDir);
    answer({ pid: process.pid, won: true });
  } catch (error) {
    answer({ pid: process.pid, won: false, message: (error as Error).message });
  }
});
process.send!('ready');
