#!/usr/bin/env python3
"""delay-server.py PORT [--log FILE]: a minimal OData V4 service on 127.0.0.1:PORT whose answers come late, for the
async benchmark (scripts/bench-async.sh). One asyncio loop, HTTP/1.1 with keep-alive, stdlib only: thousands of
connections may wait at once. It exits when its parent process does.

  GET /svc/$metadata    a tiny CSDL: namespace Bench, entity type Thing (key ID Edm.Int32, Name Edm.String),
                        entity set Things; never delayed
  GET /svc/             the service document
  GET /svc/Things(N)    {"@odata.context": ".../$metadata#Things/$entity", "ID": N, "Name": "thing N"}
  GET /d/MS/svc/...     the same service, each answer but $metadata sent MS milliseconds after the request came

With --log FILE, one line is appended per request when it arrives and one when it is answered (the file is opened
for appending, so the benchmark may empty it between runs):
  arrive seq=S t_ms=T in_flight=K delay_ms=D path=PATH
  answer seq=S t_ms=T status=C
  gone seq=S t_ms=T                 (the client closed the connection before the answer was due)
where S counts requests from 1 in the order they arrived, T is milliseconds since the server started, and K is the
number of delayed requests under way at the server, this one included.

delay-server.py --summary FILE: reads such a log and prints one line
  server requests=R things=T answered=A gone=G keys=K max_in_flight=M arrival_waves=W1,W2,...
         first_arrival_ms=F last_answer_ms=L
where T counts the requests for Things(N), K their distinct keys, and arrival waves group delayed requests whose
arrivals are less than half their delay apart (a client that keeps L requests under way shows waves of L)."""
import asyncio
import json
import os
import re
import resource
import sys
import time

METADATA = b"""<?xml version="1.0" encoding="utf-8"?>
<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
  <edmx:DataServices>
    <Schema Namespace="Bench" xmlns="http://docs.oasis-open.org/odata/ns/edm">
      <EntityType Name="Thing">
        <Key><PropertyRef Name="ID"/></Key>
        <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
        <Property Name="Name" Type="Edm.String"/>
      </EntityType>
      <EntityContainer Name="Container">
        <EntitySet Name="Things" EntityType="Bench.Thing"/>
      </EntityContainer>
    </Schema>
  </edmx:DataServices>
</edmx:Edmx>
"""

ROUTE = re.compile(r"^(?:/d/(\d+))?/svc(/.*)?$")
THING = re.compile(r"^/Things\((\d+)\)$")
JSON_TYPE = "application/json;odata.metadata=minimal"


class Server:
    def __init__(self, log_path):
        self.started = time.monotonic()
        self.seq = 0
        self.in_flight = 0
        self.log = open(log_path, "a", buffering=1) if log_path else None

    def now_ms(self):
        return (time.monotonic() - self.started) * 1000.0

    def record(self, line):
        if self.log:
            self.log.write(line + "\n")

    def route(self, method, target, host):
        """(status, content type, body, delay in seconds) for one request."""
        path = target.split("?", 1)[0].split("#", 1)[0]
        m = ROUTE.match(path)
        if not m or method not in ("GET", "HEAD"):
            return 404, "text/plain", b"not found\n", 0.0
        delay = int(m.group(1) or 0) / 1000.0
        prefix = "/d/%s" % m.group(1) if m.group(1) is not None else ""
        rest = m.group(2) or "/"
        root = "http://%s%s/svc/" % (host, prefix)
        if rest == "/$metadata":
            return 200, "application/xml", METADATA, 0.0
        if rest == "/":
            doc = {"@odata.context": root + "$metadata",
                   "value": [{"name": "Things", "kind": "EntitySet", "url": "Things"}]}
            return 200, JSON_TYPE, json.dumps(doc).encode(), delay
        t = THING.match(rest)
        if t:
            n = int(t.group(1))
            doc = {"@odata.context": root + "$metadata#Things/$entity", "ID": n, "Name": "thing %d" % n}
            return 200, JSON_TYPE, json.dumps(doc).encode(), delay
        return 404, "text/plain", b"not found\n", 0.0

    @staticmethod
    async def wait(delay, reader):
        """Sleeps `delay` seconds, or until the client goes away (a request given up stops counting as under way);
        True when it went."""
        deadline = time.monotonic() + delay
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            await asyncio.sleep(min(left, 0.05))
            if reader.at_eof() or reader.exception() is not None:
                return True

    async def handle(self, reader, writer):
        try:
            while True:
                try:
                    head = await reader.readuntil(b"\r\n\r\n")
                except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
                    return
                lines = head.decode("latin-1").split("\r\n")
                parts = lines[0].split(" ")
                if len(parts) != 3:
                    return
                method, target, version = parts
                headers = {}
                for line in lines[1:]:
                    if ":" in line:
                        name, value = line.split(":", 1)
                        headers[name.strip().lower()] = value.strip()
                length = int(headers.get("content-length") or 0)
                if length:
                    await reader.readexactly(length)
                connection = headers.get("connection", "").lower()
                keep = connection != "close" if version == "HTTP/1.1" else connection == "keep-alive"

                status, ctype, body, delay = self.route(method, target, headers.get("host", "127.0.0.1"))
                self.seq += 1
                seq = self.seq
                if delay > 0:
                    self.in_flight += 1
                self.record("arrive seq=%d t_ms=%.1f in_flight=%d delay_ms=%d path=%s"
                            % (seq, self.now_ms(), self.in_flight, round(delay * 1000), target))
                try:
                    gone = delay > 0 and await self.wait(delay, reader)
                finally:
                    if delay > 0:
                        self.in_flight -= 1
                if gone:
                    self.record("gone seq=%d t_ms=%.1f" % (seq, self.now_ms()))
                    return
                reason = {200: "OK", 404: "Not Found"}[status]
                out = ["HTTP/1.1 %d %s" % (status, reason), "Content-Type: " + ctype,
                       "Content-Length: %d" % len(body), "OData-Version: 4.0"]
                if not keep:
                    out.append("Connection: close")
                writer.write(("\r\n".join(out) + "\r\n\r\n").encode("latin-1"))
                if method != "HEAD":
                    writer.write(body)
                await writer.drain()
                self.record("answer seq=%d t_ms=%.1f status=%d" % (seq, self.now_ms(), status))
                if not keep:
                    return
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()


def start_time(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


async def watch_parent():
    # The test process that started it ($ODSH_TEST_OWNER: "PID STARTTIME", from TestSupport's Spawn), else the
    # parent; by PID and start time, so a parent killed while this was starting up still counts as gone.
    spec = os.environ.get("ODSH_TEST_OWNER", "").split()
    owner = (int(spec[0]), spec[1]) if len(spec) == 2 else (os.getppid(), start_time(os.getppid()))
    while owner[1] is not None and start_time(owner[0]) == owner[1]:
        await asyncio.sleep(0.5)
    os._exit(0)


async def serve(port, log_path):
    server = Server(log_path)
    listener = await asyncio.start_server(server.handle, "127.0.0.1", port, backlog=4096, reuse_address=True)
    watcher = asyncio.ensure_future(watch_parent())
    async with listener:
        await listener.serve_forever()
    watcher.cancel()


def summary(path):
    arrivals, requests, things, answered, gone, keys = [], 0, 0, 0, 0, set()
    max_in_flight, last_answer = 0, 0.0
    with open(path) as f:
        for line in f:
            kind, *fields = line.split()
            v = dict(field.split("=", 1) for field in fields)
            if kind == "arrive":
                requests += 1
                t, delay = float(v["t_ms"]), int(v["delay_ms"])
                max_in_flight = max(max_in_flight, int(v["in_flight"]))
                m = ROUTE.match(v["path"].split("?", 1)[0])
                m = m and THING.match(m.group(2) or "")
                if m:
                    things += 1
                    keys.add(int(m.group(1)))
                if delay > 0:
                    arrivals.append((t, delay))
            elif kind == "gone":
                gone += 1
            elif kind == "answer":
                answered += 1
                last_answer = max(last_answer, float(v["t_ms"]))
    arrivals.sort()
    waves = []
    previous = None
    for t, delay in arrivals:
        if previous is None or t - previous >= delay / 2:
            waves.append(0)
        waves[-1] += 1
        previous = t
    first = arrivals[0][0] if arrivals else 0.0
    print("server requests=%d things=%d answered=%d gone=%d keys=%d max_in_flight=%d arrival_waves=%s "
          "first_arrival_ms=%.0f last_answer_ms=%.0f" % (requests, things, answered, gone, len(keys), max_in_flight,
                                   ",".join(map(str, waves)) or "-", first, last_answer))


def main(argv):
    if len(argv) == 3 and argv[1] == "--summary":
        summary(argv[2])
        return
    if len(argv) not in (2, 4) or (len(argv) == 4 and argv[2] != "--log"):
        sys.exit(__doc__)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    try:
        asyncio.run(serve(int(argv[1]), argv[3] if len(argv) == 4 else None))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main(sys.argv)
