import { describe, expect, it } from '@jest/globals';
import type { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { College } from '@secretchatbox/contracts';
import type { AppConfig } from '../../config/app-config.js';
import { demoColleges } from './demo-colleges.js';
import { RegisterCollegeCommand } from './register-college.command.js';
import { SeedDemoCollegesService } from './seed-demo-colleges.service.js';

/** The service over buses that list `listed` and record each command sent. */
function seeding(listed: readonly string[], seed = true) {
  const sent: unknown[] = [];
  const commands = { execute: async (command: unknown) => void sent.push(command) } as unknown as CommandBus;
  const colleges: College[] = listed.map((code) => ({ id: code, code, name: code }));
  const queries = { execute: async () => colleges } as unknown as QueryBus;
  const service = new SeedDemoCollegesService(commands, queries, { SEED_DEMO_DATA: seed } as AppConfig);
  return { service, registered: () => sent.map((command) => (command as RegisterCollegeCommand).college.code) };
}

describe('SeedDemoCollegesService', () => {
  it('registers every demo college on an empty installation', async () => {
    const { service, registered } = seeding([]);
    await service.onApplicationBootstrap();
    expect(registered()).toEqual(demoColleges.map((college) => college.code));
  });

  it('registers only the demo colleges the read model does not list', async () => {
    const { service, registered } = seeding(['C001', 'C003']);
    await service.onApplicationBootstrap();
    expect(registered()).toEqual(['C002', 'C004']);
  });

  it('registers nothing when seeding is off', async () => {
    const { service, registered } = seeding([], false);
    await service.onApplicationBootstrap();
    expect(registered()).toEqual([]);
  });
});
