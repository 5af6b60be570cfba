export declare function startNodeProxy(options: {
  host: string;
  port: number;
  upstreams: readonly string[];
}): Promise<{ kind: 'node-proxy'; stop(): Promise<void> }>;
