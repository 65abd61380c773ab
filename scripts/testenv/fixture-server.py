"""fixture-server.py MODE -- a misbehaving HTTP server on 127.0.0.1 (a free port, printed as PORT=N).

MODE hang:     accepts connections and reads requests, but never answers.
MODE slow:     answers every request after one second: 200, {"value":[]}.
MODE truncate: answers every request with Content-Length: 100000 and 1000 bytes of body, then closes.
MODE next-links: an OData V2 service (JSON) whose next links are degenerate, at three service roots, each with a
               $metadata (entity set Items: ID, Name) and pages of two rows:
               /same/Items   every page's __next is the URL just requested
               /empty/Items  __next is ""
               /cycle/Items  ?page=1 links to ?page=2 and ?page=2 back to ?page=1 (rows 1, 2 and 3, 4)

Exits when its parent (the test process) goes away.
"""
import json
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


METADATA = b"""<?xml version="1.0" encoding="utf-8"?>
<edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx">
 <edmx:DataServices xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" m:DataServiceVersion="2.0">
  <Schema Namespace="Test" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
   <EntityType Name="Item">
    <Key><PropertyRef Name="ID"/></Key>
    <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
    <Property Name="Name" Type="Edm.String"/>
   </EntityType>
   <EntityContainer Name="Container" m:IsDefaultEntityContainer="true">
    <EntitySet Name="Items" EntityType="Test.Item"/>
   </EntityContainer>
  </Schema>
 </edmx:DataServices>
</edmx:Edmx>
"""


def next_links(request):
    """The answer of the next-links mode to one request (its head, as bytes)."""
    line = request.split(b"\r\n", 1)[0].decode("latin-1")
    target = line.split(" ")[1] if line.count(" ") >= 2 else "/"
    host = "127.0.0.1"
    for h in request.split(b"\r\n")[1:]:
        if h.lower().startswith(b"host:"):
            host = h[5:].strip().decode("latin-1")
    path, _, query = target.partition("?")
    root = path.split("/")[1] if path.count("/") >= 2 else ""
    if path.endswith("/$metadata"):
        return b"200 OK", b"application/xml", METADATA
    if root not in ("same", "empty", "cycle") or not path.endswith("/Items"):
        return b"404 Not Found", b"text/plain", b"no such resource\n"
    page = 2 if query == "page=2" else 1
    rows = [{"ID": 2 * page - 1 + i, "Name": "item %d" % (2 * page - 1 + i)} for i in range(2)]
    base = "http://%s/%s/Items" % (host, root)
    link = {"same": "http://%s%s" % (host, target), "empty": "",
            "cycle": base + ("?page=1" if page == 2 else "?page=2")}[root]
    body = json.dumps({"d": {"results": rows, "__next": link}}).encode("utf-8")
    return b"200 OK", b"application/json", body


def serve(conn):
    conn.settimeout(60)
    try:
        request = conn.recv(65536)
        if mode == "next-links":
            status, content_type, body = next_links(request)
            conn.sendall(b"HTTP/1.1 " + status + b"\r\nContent-Type: " + content_type + b"\r\nContent-Length: "
                         + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n" + body)
            conn.close()
            return
        if mode == "slow":
            time.sleep(1)
            body = b'{"value":[]}'
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                         + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n" + body)
            conn.close()
            return
        if mode == "truncate":
            body = b'{"value":[' + b' ' * 988 + b'1,'
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n" + body)
            conn.close()
            return
        while conn.recv(65536):  # hang: keep the connection open, say nothing
            pass
    except OSError:
        pass


if mode not in ("hang", "slow", "truncate", "next-links"):
    sys.exit("usage: fixture-server.py hang|slow|truncate|next-links")
threading.Thread(target=watch_parent, daemon=True).start()
listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(16)
print("PORT=%d" % listener.getsockname()[1], flush=True)
while True:
    c, _ = listener.accept()
    threading.Thread(target=serve, args=(c,), daemon=True).start()
