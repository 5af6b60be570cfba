import type { ChildProcess } from 'node:child_process';

export declare function freePort(): Promise<number>;

export declare class Member {
  constructor(options: {
    name: string;
    command: readonly string[];
    env: Record<string, string | undefined>;
    port: number;
    onOutput?: (name: string, line: string) => void;
  });
  readonly name: string;
  readonly port: number;
  readonly baseUrl: string;
  readonly errorLines: string[];
  child: ChildProcess | null;
  exited: Promise<unknown>;
  readonly running: boolean;
  start(): this;
  waitForHealth(path?: string, timeoutMs?: number): Promise<void>;
  stop(signal?: NodeJS.Signals, withinMs?: number): Promise<number>;
}

type NewMember = {
  name: string;
  command: readonly string[];
  env: Record<string, string | undefined>;
  onOutput?: (name: string, line: string) => void;
};
export declare function newApiInstance(options: NewMember): Promise<Member>;
export declare function newProjectionsWorker(options: NewMember): Promise<Member>;
