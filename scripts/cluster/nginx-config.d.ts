export declare const deployedNginxConfigPath: URL;
export declare function localNginxConfig(
  deployed: string,
  options: { listen: string; upstreams: readonly string[] },
): string;
export declare function asForegroundProcess(config: string, prefix: string): string;
export declare function readDeployedNginxConfig(): string;
