/**
 * The Node.js flags of every server process: `npm start`, `npm run projections:worker`, the
 * Docker image's API and projections worker, `npm run cluster`, and the bench's servers. One
 * thread for V8's work in the background (garbage collection, compiling) instead of Node's four:
 * a process serves from its one main thread, and on a machine of few cores the helpers took the
 * CPUs from it and from PostgreSQL just as answers were due
 * (docs/decisions/037-one-v8-helper-thread.md). package.json, the Dockerfile and
 * docker-compose.yml write them out; scripts/cluster/test/deployment.spec.ts holds them to this list.
 */
export const serverNodeFlags = ['--v8-pool-size=1'];
