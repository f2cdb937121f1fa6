-- wrk script of Benchmarks/Scripts/rsvp-load.sh: requests rotating over many households' RSVP
-- links, each thread starting at its own place in the list.
--   RSVP_MODE=pages    GET /r/TOKEN for each line TOKEN of the file RSVP_REQUESTS.
--   RSVP_MODE=answers  POST the line's BODY (a whole form, with the page's form token) to
--                      /r/TOKEN for each line "TOKEN<TAB>BODY", as a browser on RSVP_ORIGIN would.
-- At the end it prints "status CODE COUNT" for every status seen, and "errors COUNT" for the
-- sockets that failed, for the shell script's table.

local requests = {}
local next_request = 1
statuses = {}  -- a global: done() reads each thread's with thread:get
local threads = {}

function setup(thread)
  thread:set("thread_number", #threads)
  table.insert(threads, thread)
end

function init(args)
  local mode = os.getenv("RSVP_MODE")
  local headers = {["Content-Type"] = "application/x-www-form-urlencoded", ["Origin"] = os.getenv("RSVP_ORIGIN")}
  for line in io.lines(os.getenv("RSVP_REQUESTS")) do
    if mode == "answers" then
      local token, body = line:match("^([^\t]+)\t(.*)$")
      table.insert(requests, wrk.format("POST", "/r/" .. token, headers, body))
    else
      table.insert(requests, wrk.format("GET", "/r/" .. line))
    end
  end
  next_request = 1 + (thread_number * 7919) % #requests
end

function request()
  local chosen = requests[next_request]
  next_request = next_request % #requests + 1
  return chosen
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local totals = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do
      totals[status] = (totals[status] or 0) + count
    end
  end
  for status, count in pairs(totals) do
    io.write(string.format("status %d %d\n", status, count))
  end
  local errors = summary.errors
  io.write(string.format("errors %d\n", errors.connect + errors.read + errors.write + errors.timeout))
  io.write(string.format("seconds %.3f\n", summary.duration / 1e6))
  io.write(string.format("p50_ms %.2f\n", latency:percentile(50) / 1000))
  io.write(string.format("p99_ms %.2f\n", latency:percentile(99) / 1000))
end
