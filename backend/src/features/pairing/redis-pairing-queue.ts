import { randomUUID } from 'node:crypto';
import type { Redis } from '../../infrastructure/redis.js';
import type { ActivePair, MatchOutcome, PairingQueue, Seat } from './pairing-queue.js';

/** How long an instance's seats stay alive after its last renewal (what a crash costs), and how often it renews. */
const defaultTiming = { instanceTtlMs: 6_000, renewEveryMs: 2_000 };

// KEYS: the college's queue, the pairs hash. ARGV: the keys' prefix, the seeker, the pair id, then the excluded sessions.
// The seeker leaves the queue it waits in (another tab, another college). The queue is read 50 seats at a time,
// oldest first, up to the first seat the seeker may meet; seats of stopped instances met on the way are dropped.
const matchScript = `
local queue, pairs, prefix = KEYS[1], KEYS[2], ARGV[1]
local seeker = cjson.decode(ARGV[2])
if redis.call('HEXISTS', pairs, seeker.sessionId) == 1 then return {'busy'} end
local waitingIn = prefix .. 'waiting-in:' .. seeker.sessionId
local before = redis.call('GET', waitingIn)
if before then
  for _, raw in ipairs(redis.call('LRANGE', before, 0, -1)) do
    if cjson.decode(raw).sessionId == seeker.sessionId then redis.call('LREM', before, 1, raw) end
  end
end
local excluded = {}
for i = 4, #ARGV do excluded[ARGV[i]] = true end
local partner, partnerRaw, dead, start, chunk = nil, nil, {}, 0, {}
repeat
  chunk = redis.call('LRANGE', queue, start, start + 49)
  for _, raw in ipairs(chunk) do
    local seat = cjson.decode(raw)
    if redis.call('EXISTS', prefix .. 'instance:' .. seat.instanceId) == 0 then
      table.insert(dead, raw)
    elseif not excluded[seat.sessionId] then
      partner, partnerRaw = seat, raw
      break
    end
  end
  start = start + 50
until partner or #chunk < 50
for _, raw in ipairs(dead) do redis.call('LREM', queue, 1, raw) end
if not partner then
  redis.call('RPUSH', queue, ARGV[2])
  redis.call('SET', waitingIn, queue)
  return {'waiting'}
end
redis.call('LREM', queue, 1, partnerRaw)
redis.call('DEL', waitingIn, prefix .. 'waiting-in:' .. partner.sessionId)
redis.call('HSET', pairs, seeker.sessionId, cjson.encode({pairId = ARGV[3], own = seeker, partner = partner}))
redis.call('HSET', pairs, partner.sessionId, cjson.encode({pairId = ARGV[3], own = partner, partner = seeker}))
redis.call('SADD', prefix .. 'instance-pairs:' .. seeker.instanceId, seeker.sessionId)
redis.call('SADD', prefix .. 'instance-pairs:' .. partner.instanceId, partner.sessionId)
return {'matched', partnerRaw}`;

// KEYS: the pairs hash. ARGV: the keys' prefix, the pair id, then both sides' session and instance ids.
const releaseScript = `
for i = 3, #ARGV, 2 do
  local raw = redis.call('HGET', KEYS[1], ARGV[i])
  if raw and cjson.decode(raw).pairId == ARGV[2] then
    redis.call('HDEL', KEYS[1], ARGV[i])
    redis.call('SREM', ARGV[1] .. 'instance-pairs:' .. ARGV[i + 1], ARGV[i])
  end
end
return 0`;

/**
 * The queue shared by every instance through Redis: per college a list of waiting seats, oldest
 * first, and one hash of who is in which pair. Matching is one script, so it is atomic across
 * instances. Each instance renews a key that says it is alive; seats of an instance whose key
 * expired are dropped from the queues, and its pairs are ended by their partners' instances.
 * Written for a single Redis (the scripts derive keys), as the room presence is.
 */
export class RedisPairingQueue implements PairingQueue {
  readonly instanceId = randomUUID();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly prefix: string;

  constructor(
    private readonly redis: Redis,
    private readonly timing = defaultTiming,
  ) {
    this.prefix = `${redis.keyPrefix}pairing:`;
    this.heartbeat = setInterval(() => void this.renew().catch(() => undefined), timing.renewEveryMs).unref();
  }

  /** Marks this instance alive before its first seat goes into a queue. */
  async start(): Promise<void> {
    await this.renew();
  }

  async match(collegeCode: string, seeker: Seat, excluded: readonly string[], pairId: string): Promise<MatchOutcome> {
    const answer = (await this.redis.commands.eval(matchScript, {
      keys: [this.queueOf(collegeCode), this.pairsKey],
      arguments: [this.prefix, JSON.stringify(seeker), pairId, ...excluded],
    })) as string[];
    if (answer[0] === 'matched') return { status: 'matched', partner: JSON.parse(answer[1]!) as Seat };
    return { status: answer[0] === 'busy' ? 'busy' : 'waiting' };
  }

  async withdraw(collegeCode: string, seat: Seat): Promise<void> {
    await this.redis.commands.lRem(this.queueOf(collegeCode), 1, JSON.stringify(seat));
  }

  async activePair(sessionId: string): Promise<ActivePair | null> {
    const raw = await this.redis.commands.hGet(this.pairsKey, sessionId);
    return raw ? (JSON.parse(raw) as ActivePair) : null;
  }

  async release({ pairId, own, partner }: ActivePair): Promise<void> {
    await this.redis.commands.eval(releaseScript, {
      keys: [this.pairsKey],
      arguments: [this.prefix, pairId, own.sessionId, own.instanceId, partner.sessionId, partner.instanceId],
    });
  }

  async orphanedPairs(): Promise<ActivePair[]> {
    const own = await this.redis.commands.sMembers(`${this.prefix}instance-pairs:${this.instanceId}`);
    const pairs = (await Promise.all(own.map((sessionId) => this.activePair(sessionId)))).filter(
      (pair): pair is ActivePair => pair !== null,
    );
    const alive = new Map<string, boolean>();
    for (const { partner } of pairs) {
      if (!alive.has(partner.instanceId))
        alive.set(partner.instanceId, (await this.redis.commands.exists(this.instanceKey(partner.instanceId))) === 1);
    }
    return pairs.filter((pair) => !alive.get(pair.partner.instanceId));
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
  }

  private renew() {
    return this.redis.commands.set(this.instanceKey(this.instanceId), '1', { PX: this.timing.instanceTtlMs });
  }

  private get pairsKey() {
    return `${this.prefix}pairs`;
  }

  private queueOf(collegeCode: string) {
    return `${this.prefix}waiting:${collegeCode}`;
  }

  private instanceKey(instanceId: string) {
    return `${this.prefix}instance:${instanceId}`;
  }
}
