export declare function readMetric(
  baseUrl: string,
  name: string,
  labels?: Record<string, string>,
): Promise<number | null>;
export declare function runsProjections(baseUrl: string): Promise<boolean>;
export declare function leases(baseUrl: string): Promise<Map<string, boolean>>;
