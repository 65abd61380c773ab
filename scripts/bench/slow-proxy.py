#!/usr/bin/env python3
"""slow-proxy.py PORT UPSTREAM DELAY_MS: a reverse proxy on 127.0.0.1:PORT that forwards every request to UPSTREAM
(an http://127.0.0.1:... base URL) and answers DELAY_MS later, as a busy SAP system or a far-away service does.
Threaded, so parallel requests wait in parallel; it exits when its parent does. For the benchmarks only."""
import http.client
import os
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

port, upstream, delay = int(sys.argv[1]), urllib.parse.urlsplit(sys.argv[2]), int(sys.argv[3]) / 1000.0
HOP = {"connection", "keep-alive", "transfer-encoding", "proxy-connection", "upgrade", "te", "trailer"}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def forward(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        time.sleep(delay)
        conn = http.client.HTTPConnection(upstream.hostname, upstream.port, timeout=60)
        headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP and k.lower() != "host"}
        headers["Host"] = upstream.netloc
        conn.request(self.command, self.path, body=body, headers=headers)
        answer = conn.getresponse()
        data = answer.read()
        self.send_response(answer.status, answer.reason)
        for k, v in answer.getheaders():
            if k.lower() not in HOP and k.lower() != "content-length":
                # Links the upstream writes with its own address go through the proxy too.
                self.send_header(k, v.replace(sys.argv[2].rstrip("/"), "http://127.0.0.1:%d" % port))
        data = data.replace(sys.argv[2].rstrip("/").encode(), ("http://127.0.0.1:%d" % port).encode())
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        conn.close()

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_MERGE = forward

    def log_message(self, *args):
        pass


def watch_parent():
    parent = os.getppid()
    while os.getppid() == parent:
        time.sleep(1)
    os._exit(0)


threading.Thread(target=watch_parent, daemon=True).start()
ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()
