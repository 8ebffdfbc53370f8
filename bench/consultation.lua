-- wrk script for bench/server.ts: each connection loops over whole consultations
-- (start -> inject -> query -> response), timing every call by kind.
--
-- Run with one connection per thread (wrk -tN -cN): a thread's state is its connection's
-- consultation. Arguments after `--`: kmID, API key, inject body, query body, response body.
-- Prints one `call KIND COUNT P50_MS P99_MS MAX_MS` line per kind and
-- `consultations N failures N seconds S` at the end.

local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } lapwing_timespec;
  int clock_gettime(int clock, lapwing_timespec *time);
]]
local CLOCK_MONOTONIC = 1
local clock = ffi.new("lapwing_timespec")

local function now_ms()
  ffi.C.clock_gettime(CLOCK_MONOTONIC, clock)
  return tonumber(clock.tv_sec) * 1000 + tonumber(clock.tv_nsec) / 1e6
end

local KINDS = { "start", "inject", "query", "response" }

-- Per thread (each thread has its own Lua state).
local km, key, facts, query, answers
local step, sid, sent_at = 1, "", 0
-- Flat globals: wrk copies a thread's values to `done` with thread:get, which handles flat tables only.
latency1, latency2, latency3, latency4 = {}, {}, {}, {}
local latencies = { latency1, latency2, latency3, latency4 }
consultations, failures = 0, 0

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  km, key, facts, query, answers = args[1], args[2], args[3], args[4], args[5]
end

function request()
  sent_at = now_ms()
  if step == 1 then
    return wrk.format("GET", "/start/" .. km, { ["x-api-key"] = key })
  end
  local json = { ["content-type"] = "application/json" }
  if step == 2 then return wrk.format("POST", "/" .. sid .. "/inject", json, facts) end
  if step == 3 then return wrk.format("POST", "/" .. sid .. "/query", json, query) end
  return wrk.format("POST", "/" .. sid .. "/response", json, answers)
end

function response(status, headers, body)
  local list = latencies[step]
  list[#list + 1] = now_ms() - sent_at
  if status ~= 200 then failures = failures + 1 end
  if step == 1 then
    sid = (status == 200 and body:match('"id":"([^"]+)"')) or "missing"
  elseif step == 4 and status == 200 and body:find('"result"', 1, true) then
    consultations = consultations + 1
  end
  step = step % 4 + 1
end

local function percentile(sorted, p)
  if #sorted == 0 then return 0 end
  local index = math.min(#sorted, math.floor(p / 100 * #sorted) + 1)
  return sorted[index]
end

function done(summary, latency, requests)
  local merged = { {}, {}, {}, {} }
  local total_consultations, total_failures = 0, 0
  for _, thread in ipairs(threads) do
    for kind = 1, 4 do
      local list = merged[kind]
      for _, value in ipairs(thread:get("latency" .. kind)) do list[#list + 1] = value end
    end
    total_consultations = total_consultations + thread:get("consultations")
    total_failures = total_failures + thread:get("failures")
  end
  for kind = 1, 4 do
    local sorted = merged[kind]
    table.sort(sorted)
    io.write(string.format("call %s %d %.3f %.3f %.3f\n", KINDS[kind], #sorted,
      percentile(sorted, 50), percentile(sorted, 99), sorted[#sorted] or 0))
  end
  io.write(string.format("consultations %d failures %d seconds %.3f errors %d\n", total_consultations, total_failures,
    summary.duration / 1e6, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
