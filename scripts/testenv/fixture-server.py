"""fixture-server.py MODE -- a misbehaving HTTP server on 127.0.0.1 (a free port, printed as PORT=N).

MODE hang:     accepts connections and reads requests, but never answers.
MODE slow:     answers every request after one second: 200, {"value":[]}.
MODE truncate: answers every request with Content-Length: 100000 and 1000 bytes of body, then closes.
MODE next-links: an OData V2 service (JSON) whose next links are degenerate, at three service roots, each with a
               $metadata (entity set Items: ID, Name) and pages of two rows:
               /same/Items   every page's __next is the URL just requested
               /empty/Items  __next is ""
               /cycle/Items  ?page=1 links to ?page=2 and ?page=2 back to ?page=1 (rows 1, 2 and 3, 4)
               /away/Items   __next leads to another origin: the same server named "localhost" (another host)
               /cutoff/Items a JSON page cut off in the middle of its array (no Content-Length; the connection closes)
               /html/Items   200 with an HTML sign-in page, as an SAP system sends when the session has expired
               /plain/Items  a JSON page sent as text/plain
               /moved/Items  GET as /same/; POST answered 301 with Location /moved/Elsewhere
               /garbage/Items, /http09/Items  a garbage status line; no status line at all (HTTP/0.9)
               /endless/$metadata, /bigbody/blob  bodies without end (the second beside the usual $metadata)
               /seen         what reached the server by the name "localhost" (request lines and the credential
                             headers Authorization, Cookie, APIKey), one a line
MODE busy:     a service that turns requests away before it serves them. /KEY/N/STATUS/AFTER answers its first N
               requests (counted per KEY, whatever the method) with STATUS (429 or 503) and Retry-After AFTER:
               delta seconds, "date" (an HTTP-date one second ahead) or "none" (no header); then 200 {"d":{"results":[]}}.
               /KEY/count answers how many requests KEY has had, as text.

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


seen_away = []


def next_links(request):
    """The answer of the next-links mode to one request (its head, as bytes)."""
    line = request.split(b"\r\n", 1)[0].decode("latin-1")
    target = line.split(" ")[1] if line.count(" ") >= 2 else "/"
    host = "127.0.0.1"
    credentials = []
    for h in request.split(b"\r\n")[1:]:
        if h.lower().startswith(b"host:"):
            host = h[5:].strip().decode("latin-1")
        if h.lower().split(b":", 1)[0] in (b"authorization", b"cookie", b"apikey"):
            credentials.append(h.decode("latin-1"))
    if host.startswith("localhost"):
        seen_away.append(" ".join([line] + credentials))
    path, _, query = target.partition("?")
    if path == "/seen":
        return b"200 OK", b"text/plain", "".join(s + "\n" for s in seen_away).encode("latin-1")
    root = path.split("/")[1] if path.count("/") >= 2 else ""
    method = line.split(" ")[0]
    if path == "/%s/" % root:
        # The service document (a write's CSRF token is fetched from the root).
        return b"200 OK", b"application/json", b'{"d":{"EntitySets":["Items"]}}'
    if root == "cutoff" and path.endswith("/Items"):
        return b"200 OK", b"application/json", b'{"d":{"results":[{"ID":1,"Name":"item 1"},{"ID":2,"Na', "cut"
    if root == "html" and path.endswith("/Items"):
        return b"200 OK", b"text/html; charset=utf-8", (b"<!DOCTYPE html><html><head><title>SAP NetWeaver Logon</title></head>"
                                                       b"<body><form method=post><input name=sap-user>"
                                                       b"<input type=\"password\" name=sap-password></form></body></html>")
    if root == "plain" and path.endswith("/Items"):
        return b"200 OK", b"text/plain", json.dumps({"d": {"results": [{"ID": 7, "Name": "plain"}]}}).encode("utf-8")
    if root == "moved" and path.endswith("/Items") and method == "POST":
        return b"301 Moved Permanently", b"text/plain", b"moved\n", "Location: http://%s/moved/Elsewhere" % host
    if root == "moved":
        root = "same"
    if root == "away" and path.endswith("/Items"):
        port = host.rsplit(":", 1)[1] if ":" in host else "80"
        rows = [{"ID": 1, "Name": "item 1"}]
        link = "http://localhost:%s/away/Items?page=2" % port
        return b"200 OK", b"application/json", json.dumps({"d": {"results": rows, "__next": link}}).encode("utf-8")
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


busy_counts = {}
busy_lock = threading.Lock()


def busy(request):
    """The answer of the busy mode to one request: (status line, extra header lines, content type, body)."""
    first = request.split(b"\r\n", 1)[0].decode("latin-1")
    path = first.split(" ")[1].split("?")[0]
    parts = path.strip("/").split("/")
    if len(parts) == 2 and parts[1] == "count":
        with busy_lock:
            return "200 OK", "", "text/plain", str(busy_counts.get(parts[0], 0)).encode()
    if len(parts) != 4:
        return "404 Not Found", "", "text/plain", b"no such resource\n"
    key, n, status, after = parts
    with busy_lock:
        seen = busy_counts.get(key, 0)
        busy_counts[key] = seen + 1
    if seen < int(n):
        header = ""
        if after == "date":
            header = "Retry-After: " + time.strftime("%a, %d %b %Y %H:%M:%S GMT", time.gmtime(time.time() + 1)) + "\r\n"
        elif after != "none":
            header = "Retry-After: " + after + "\r\n"
        reason = "Too Many Requests" if status == "429" else "Service Unavailable"
        body = json.dumps({"error": {"code": "/IWFND/CM_MGW_RT", "message": {"lang": "en", "value": "busy, try later"}}})
        return status + " " + reason, header, "application/json", body.encode()
    return "200 OK", "", "application/json", b'{"d":{"results":[]}}'


def serve(conn):
    conn.settimeout(60)
    try:
        request = conn.recv(65536)
        if mode == "busy":
            status, headers, content_type, body = busy(request)
            conn.sendall(("HTTP/1.1 %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n%sConnection: close\r\n\r\n"
                          % (status, content_type, len(body), headers)).encode("latin-1") + body)
            conn.close()
            return
        if mode == "next-links":
            # A body announced by Content-Length may still be on its way: read it, so closing does not reset.
            head, _, rest = request.partition(b"\r\n\r\n")
            for h in head.split(b"\r\n")[1:]:
                if h.lower().startswith(b"content-length:"):
                    want = int(h.split(b":", 1)[1])
                    while len(rest) < want:
                        more = conn.recv(65536)
                        if not more:
                            break
                        rest += more
            first = request.split(b"\r\n", 1)[0]
            if first.startswith(b"GET /endless/$metadata") or first.startswith(b"GET /bigbody/blob"):
                # A body without end: XML comments for $metadata, bytes for a blob; until the client goes away.
                xml = first.startswith(b"GET /endless/")
                conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: " + (b"application/xml" if xml else b"application/octet-stream")
                             + b"\r\nConnection: close\r\n\r\n" + (b'<?xml version="1.0"?><edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0">'
                                                                 if xml else b""))
                piece = (b"<!-- " + b"x" * 65000 + b" -->") if xml else b"\x89" * 65536
                try:
                    while True:
                        conn.sendall(piece)
                except OSError:
                    pass
                conn.close()
                return
            if b"/garbage/Items" in first or b"/http09/Items" in first:
                # No HTTP status line: a garbage one, or none at all (HTTP/0.9: the body alone).
                conn.sendall(b"GARBAGE STATUS LINE\r\n\r\nhello" if b"/garbage/" in first else b'{"d":{"results":[]}}')
                conn.close()
                return
            answer = next_links(request)
            status, content_type, body = answer[:3]
            extra = answer[3] if len(answer) > 3 else ""
            length = b"" if extra == "cut" else b"Content-Length: " + str(len(body)).encode() + b"\r\n"
            more_headers = b"" if extra in ("", "cut") else extra.encode("latin-1") + b"\r\n"
            conn.sendall(b"HTTP/1.1 " + status + b"\r\nContent-Type: " + content_type + b"\r\n" + length + more_headers
                         + b"Connection: close\r\n\r\n" + body)
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


if mode not in ("hang", "slow", "truncate", "next-links", "busy"):
    sys.exit("usage: fixture-server.py hang|slow|truncate|next-links|busy")
threading.Thread(target=watch_parent, daemon=True).start()
listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(16)
print("PORT=%d" % listener.getsockname()[1], flush=True)
while True:
    c, _ = listener.accept()
    threading.Thread(target=serve, args=(c,), daemon=True).start()
