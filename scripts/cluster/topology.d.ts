import type { Member } from './members.js';

export type Cluster = {
  apis: Member[];
  workers: Member[];
  entry: { kind: 'nginx' | 'node-proxy'; stop(): Promise<void> };
  entryUrl: string;
  stop(): Promise<void>;
};

export declare function startCluster(options: {
  apiInstances?: number;
  workers?: number;
  env: Record<string, string | undefined>;
  commands: { api: readonly string[]; worker: readonly string[] };
  entryPort?: number;
  onOutput?: (name: string, line: string) => void;
}): Promise<Cluster>;
