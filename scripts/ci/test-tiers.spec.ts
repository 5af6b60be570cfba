import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { globsToMatcher } from 'jest-util';
import { projects as jestProjects, tiers } from '../../jest.config.js';

// The tiers of docs/testing.md: a spec that no tier runs would only ever run under the whole
// `npm test`, one that two run would run twice there.
const root = resolve(import.meta.dirname, '../..');
const skippedFolders = new Set(['node_modules', 'dist', '.git', 'test-artifacts']);
const specName = /\.(spec|test)\.[cm]?[jt]sx?$/;

type Project = { displayName: string; testMatch: string[]; testPathIgnorePatterns: string[] };

const scripts: Record<string, string> = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
const tierProjects: Record<string, string[]> = tiers;

// All of them, whatever TEST_TIER this run has.
const projects = (jestProjects as Project[]).map((project) => {
  const matches = globsToMatcher(project.testMatch.map((glob) => glob.replace('<rootDir>', root)));
  const ignored = project.testPathIgnorePatterns.map((pattern) => new RegExp(pattern));
  return { name: project.displayName, runs: (path: string) => matches(path) && !ignored.some((re) => re.test(path)) };
});

function specFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : specFiles(path);
    return specName.test(entry.name) ? [path] : [];
  });
}

describe('the test tiers', () => {
  it('each have their script, and hold each jest project once', () => {
    for (const tier of Object.keys(tierProjects)) expect(scripts[`test:${tier}`]).toBe(`TEST_TIER=${tier} npm test --`);
    const inTiers = Object.values(tierProjects).flat().sort();
    expect(inTiers).toEqual(projects.map((project) => project.name).sort());
  });

  it('run every spec file in exactly one tier', () => {
    const files = specFiles(root);
    const misplaced = files
      .map((path) => {
        const runIn = projects.filter((project) => project.runs(path)).map((project) => project.name);
        const inTiers = Object.keys(tierProjects).filter((tier) =>
          tierProjects[tier]!.some((name) => runIn.includes(name)),
        );
        return { file: relative(root, path), tiers: inTiers };
      })
      .filter((spec) => spec.tiers.length !== 1);
    expect(files.length).toBeGreaterThan(100);
    expect(misplaced).toEqual([]);
  });
});
