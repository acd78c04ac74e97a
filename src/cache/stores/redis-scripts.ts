/**
 * The Lua scripts of the Redis store. Each touches one origin's keys, in one slot (the claim reads
 * its bucket's marker, under the same hash tag: no CROSSSLOT on a cluster), and runs
 * on Redis's clock (`TIME`), so that processes on machines with different clocks agree. Times
 * are kept to the microsecond; the waits they reply are rounded up to whole milliseconds.
 */

/** Deletes the lock only if it still holds our token (a lapsed lock may belong to another). */
export const releaseScript =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/** Extends the lock by ARGV[2] ms only if it still holds our token ARGV[1]: 1, else 0. */
export const renewScript =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";

/**
 * Takes the lock (KEYS[1]) for token ARGV[1] for ARGV[2] ms, atomically (`SET NX`): of many
 * waiters after a holder died, one gets it. A lock that is held but has no TTL, or more of it
 * left than a lock of ours would ever have, was not taken by this protocol (or was planted): it is
 * taken over instead of waited for.
 */
export const lockScript = `
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
local left = redis.call('pttl', KEYS[1])
if left == -1 or left > tonumber(ARGV[2]) then
  redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`;

/** Redis's time in ms, and whether a stored time (a string or false) is one an honest client wrote. */
const common = `
local now = redis.call('time')
local ms = tonumber(now[1]) * 1000 + tonumber(now[2]) / 1000
local interval = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local function stored(raw, furthest)
  if not raw then return nil, 0 end
  local value = tonumber(raw)
  if value == nil or value ~= value or value > furthest or value < 0 then return nil, 1 end
  return value, 0
end`;

/**
 * Reserves the next request slot of KEYS[1] (see `CacheStore.reserve`): ARGV = interval, limit
 * (ms; -1 for none), floor (ms), hold (1 or 0). The slot starts at the latest of now, the stored
 * next free time and now + floor; the next free time moves to slot + interval. A hold moves it to
 * at least now + interval instead. A stored time beyond now + limit is replaced. Replies
 * {wait, repaired}. The key lapses a minute after the last slot it gave.
 */
export const reserveScript: string = `${common}
local floor = tonumber(ARGV[3])
local furthest = limit < 0 and math.huge or ms + limit
local free, repaired = stored(redis.call('get', KEYS[1]), furthest)
free = free or 0
local start = ms
local nextFree
if ARGV[4] == '1' then
  nextFree = math.max(free, ms + interval)
else
  start = math.max(ms, free, ms + floor)
  nextFree = start + interval
end
if nextFree > ms then
  redis.call('set', KEYS[1], string.format('%.3f', nextFree), 'PX', string.format('%d', math.ceil(nextFree - ms) + 60000))
end
return {math.ceil(start - ms), repaired}`;

/**
 * Claims the start of a request (see `CacheStore.claim`): KEYS = the origin's last start, its
 * bucket's pacing-state marker; ARGV = interval, limit. Replies {wait, repaired, lost}: 0 and now
 * recorded, unless the last start was less than interval ms ago (then the ms left). A last start
 * in the future was not written by a client (repaired). A missing last start is only "no recent
 * request" when the server can vouch for it: the marker (`run_id since`) says this server run has
 * held the bucket's pacing state whole for longer than the interval, and the server never evicted
 * a key. A restart, a failover to a replica or a flush (of the server, its database or the
 * prefix's keys) takes the marker or changes the run: the marker is written anew, from now. Where
 * the server cannot vouch (and for a repaired start) the start is unknown: it is recorded as now
 * and the claim refused for one interval (lost, or repaired).
 */
export const claimScript: string = `${common}
local last, repaired = stored(redis.call('get', KEYS[1]), ms + 1000)
local function record()
  redis.call('set', KEYS[1], string.format('%.3f', ms), 'PX', string.format('%d', interval + 60000))
end
if last then
  if ms < last + interval then return {math.ceil(last + interval - ms), repaired, 0} end
  record()
  return {0, repaired, 0}
end
local run = string.match(redis.call('info', 'server'), 'run_id:(%w+)') or ''
local evicted = tonumber(string.match(redis.call('info', 'stats'), 'evicted_keys:(%d+)')) or 0
local id, at = string.match(redis.call('get', KEYS[2]) or '', '^(%w*) (%d+%.?%d*)$')
local since = id == run and tonumber(at) or nil
if since == nil or since > ms then
  since = ms
  redis.call('set', KEYS[2], run .. ' ' .. string.format('%.3f', ms))
end
record()
if repaired == 1 or ms < since + interval or evicted > 0 then return {math.ceil(interval), repaired, 1 - repaired} end
return {0, repaired, 0}`;
