"""fixture-server.py MODE -- a misbehaving HTTP server on 127.0.0.1 (a free port, printed as PORT=N).

MODE hang:     accepts connections and reads requests, but never answers.
MODE truncate: answers every request with Content-Length: 100000 and 1000 bytes of body, then closes.

Exits when its parent (the test process) goes away.
"""
import os
import socket
import sys
import threading
import time

mode = sys.argv[1]
parent = os.getppid()


def watch_parent():
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


def serve(conn):
    conn.settimeout(60)
    try:
        conn.recv(65536)
        if mode == "truncate":
            body = b'{"value":[' + b' ' * 988 + b'1,'
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n" + body)
            conn.close()
            return
        while conn.recv(65536):  # hang: keep the connection open, say nothing
            pass
    except OSError:
        pass


if mode not in ("hang", "truncate"):
    sys.exit("usage: fixture-server.py hang|truncate")
threading.Thread(target=watch_parent, daemon=True).start()
listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(16)
print("PORT=%d" % listener.getsockname()[1], flush=True)
while True:
    c, _ = listener.accept()
    threading.Thread(target=serve, args=(c,), daemon=True).start()
