// Lua scripts for the Redis engine: each runs atomically inside Redis (no WATCH, no connection state) and
// touches only the keys it is given. ioredis sends them by SHA (EVALSHA) and loads them once if missing.

const compareAndSet = `
local current = redis.call('GET', KEYS[1])
if ARGV[1] == '' then
  if current then return 0 end
elseif not current or redis.sha1hex(current) ~= ARGV[1] then
  return 0
end
redis.call('SET', KEYS[1], ARGV[2])
redis.call('INCR', KEYS[2])
return 1`;

const sortedPut = `
if ARGV[4] == '1' then
  local current = redis.call('ZSCORE', KEYS[1], ARGV[1])
  if current and tonumber(current) >= tonumber(ARGV[2]) then return 0 end
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
redis.call('INCR', KEYS[3])
return 1`;

// Members, scores and values in one reply: [member, score, value, member, score, value, ...].
const sortedRange = `
local found
if ARGV[3] == 'desc' then
  found = redis.call('ZRANGE', KEYS[1], ARGV[2], ARGV[1], 'BYSCORE', 'REV', 'LIMIT', 0, ARGV[4], 'WITHSCORES')
else
  found = redis.call('ZRANGE', KEYS[1], ARGV[1], ARGV[2], 'BYSCORE', 'LIMIT', 0, ARGV[4], 'WITHSCORES')
end
local out = {}
for i = 1, #found, 2 do
  out[#out + 1] = found[i]
  out[#out + 1] = found[i + 1]
  out[#out + 1] = redis.call('HGET', KEYS[2], found[i])
end
return out`;

// Removes expired members in batches of 500, so a large range never needs one huge unpack().
const sortedRemoveRange = `
local removed = 0
repeat
  local batch = redis.call('ZRANGE', KEYS[1], ARGV[1], ARGV[2], 'BYSCORE', 'LIMIT', 0, 500)
  if #batch > 0 then
    redis.call('ZREM', KEYS[1], unpack(batch))
    redis.call('HDEL', KEYS[2], unpack(batch))
    removed = removed + #batch
  end
until #batch < 500
if removed > 0 then redis.call('INCR', KEYS[3]) end
return removed`;

export const SCRIPTS = {
  sanctuaryCompareAndSet: { numberOfKeys: 2, lua: compareAndSet },
  sanctuarySortedPut: { numberOfKeys: 3, lua: sortedPut },
  sanctuarySortedRange: { numberOfKeys: 2, lua: sortedRange },
  sanctuarySortedRemoveRange: { numberOfKeys: 3, lua: sortedRemoveRange },
};

/** The commands defineCommand adds to the client. */
export interface Scripted {
  sanctuaryCompareAndSet(key: string, changes: string, expectedSha1: string, next: string): Promise<number>;
  sanctuarySortedPut(zset: string, values: string, changes: string, member: string, score: number, value: string, onlyIfHigher: string): Promise<number>;
  sanctuarySortedRange(zset: string, values: string, from: string, to: string, order: string, limit: number): Promise<Array<string | null>>;
  sanctuarySortedRemoveRange(zset: string, values: string, changes: string, from: string, to: string): Promise<number>;
}
