"""hostile-server.py -- an OData V4 service on 127.0.0.1 (a free port, printed as PORT=N) that answers each hostile
case of issue 28. Every service root has the same $metadata (entity set Items: ID, Name, Note); what /ROOT/Items
answers depends on ROOT:

/rows/N/Items      N rows (streamed, chunked), for output and write-error tests
/ctrl/Items        rows whose Name holds control characters: ESC sequences (title, clear screen, OSC 8 link), CR,
                   LF, BEL, DEL, C1 (U+009B), U+2028/U+2029 and a bidi override (U+202E)
/odata-error/Items 400 with an OData JSON error whose message holds ESC sequences and a line feed that forges a line
/html-error/Items  500 with an HTML page whose title holds ESC sequences and a line feed
/xml-error/Items   400 with an OData XML error whose message holds ESC sequences
/blanks/N/Items    {"value":[ then N MiB of blanks, then ]} (chunked)
/bigstring/N/Items one row whose Name is N MiB long
/bigerror/N/Items  500 with a text/plain body of N MiB

Exits when its parent (the test process) goes away.
"""
import json
import os
import socket
import sys
import threading
import time

parent = os.getppid()


def watch_parent():
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


METADATA = b"""<?xml version="1.0" encoding="utf-8"?>
<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
 <edmx:DataServices>
  <Schema Namespace="Hostile" xmlns="http://docs.oasis-open.org/odata/ns/edm">
   <EntityType Name="Item">
    <Key><PropertyRef Name="ID"/></Key>
    <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
    <Property Name="Name" Type="Edm.String"/>
    <Property Name="Note" Type="Edm.String"/>
   </EntityType>
   <EntityContainer Name="Container">
    <EntitySet Name="Items" EntityType="Hostile.Item"/>
   </EntityContainer>
  </Schema>
 </edmx:DataServices>
</edmx:Edmx>
"""

# What a hostile service puts in its text: each piece would act on a terminal if printed raw.
CONTROL_NAMES = [
    "title\x1b]0;pwned\x07end",
    "clear\x1b[2J\x1b[Hend",
    "link\x1b]8;;http://evil.example/\x1b\\click\x1b]8;;\x1b\\end",
    "over\rwrite",
    "two\nlines",
    "bell\x07del\x7fend",
    "c1\u009b31mend",
    "ls\u2028ps\u2029end",
    "bidi\u202eevil\u202cend",
]


def send_head(conn, status, content_type, length=None):
    head = b"HTTP/1.1 " + status + b"\r\nContent-Type: " + content_type + b"\r\n"
    head += (b"Content-Length: %d\r\n" % length) if length is not None else b"Transfer-Encoding: chunked\r\n"
    conn.sendall(head + b"Connection: close\r\n\r\n")


def send_chunk(conn, data):
    if data:
        conn.sendall(b"%x\r\n" % len(data) + data + b"\r\n")


def send_megabytes(conn, status, content_type, before, byte, mib, after):
    """A chunked body: `before`, `mib` MiB of `byte`, `after`."""
    send_head(conn, status, content_type)
    send_chunk(conn, before)
    piece = byte * (1 << 20)
    for _ in range(mib):
        send_chunk(conn, piece)
    send_chunk(conn, after)
    conn.sendall(b"0\r\n\r\n")


def send_whole(conn, status, content_type, body):
    send_head(conn, status, content_type, len(body))
    conn.sendall(body)


def answer(conn, path):
    parts = [p for p in path.split("/") if p]
    if path.endswith("/$metadata"):
        return send_whole(conn, b"200 OK", b"application/xml", METADATA)
    if not parts or parts[-1] != "Items":
        return send_whole(conn, b"404 Not Found", b"text/plain", b"no such resource\n")
    root = parts[0]
    size = int(parts[1]) if len(parts) > 2 and parts[1].isdigit() else 1
    if root == "rows":
        send_head(conn, b"200 OK", b"application/json;odata.metadata=minimal")
        send_chunk(conn, b'{"@odata.context":"$metadata#Items","value":[')
        batch = []
        for i in range(size):
            batch.append(b'%s{"ID":%d,"Name":"item %d","Note":"%s"}' % (b"," if i else b"", i, i, b"x" * 40))
            if len(batch) == 500:
                send_chunk(conn, b"".join(batch))
                batch = []
        send_chunk(conn, b"".join(batch) + b"]}")
        return conn.sendall(b"0\r\n\r\n")
    if root == "ctrl":
        rows = [{"ID": i, "Name": n, "Note": "plain"} for i, n in enumerate(CONTROL_NAMES)]
        body = json.dumps({"@odata.context": "$metadata#Items", "value": rows}).encode()
        return send_whole(conn, b"200 OK", b"application/json", body)
    if root == "odata-error":
        body = json.dumps({"error": {"code": "E\x1b[31mRR", "message":
                                     "bad \x1b]0;pwned\x07request\nodsh: forged line\r\x1b[2Jend"}}).encode()
        return send_whole(conn, b"400 Bad Request", b"application/json", body)
    if root == "html-error":
        body = b"<html><head><title>Oops \x1b[2J\x1b]0;pwned\x07title\nodsh: forged</title></head><body>x</body></html>"
        return send_whole(conn, b"500 Internal Server Error", b"text/html", body)
    if root == "xml-error":
        body = (b'<?xml version="1.0" encoding="utf-8"?><m:error xmlns:m="http://schemas.microsoft.com/ado/2007/08/'
                b'dataservices/metadata"><m:code>X</m:code><m:message>xml &#x1b;[2Jbad&#xa;odsh: forged</m:message>'
                b'</m:error>')
        return send_whole(conn, b"400 Bad Request", b"application/xml", body)
    if root == "blanks":
        return send_megabytes(conn, b"200 OK", b"application/json", b'{"value":[', b" ", size, b"]}")
    if root == "bigstring":
        return send_megabytes(conn, b"200 OK", b"application/json", b'{"value":[{"ID":1,"Name":"', b"a", size, b'"}]}')
    if root == "bigerror":
        return send_megabytes(conn, b"500 Internal Server Error", b"text/plain", b"", b"e", size, b"")
    return send_whole(conn, b"404 Not Found", b"text/plain", b"no such service root\n")


def serve(conn):
    conn.settimeout(60)
    try:
        request = b""
        while b"\r\n\r\n" not in request:
            data = conn.recv(65536)
            if not data:
                return
            request += data
        line = request.split(b"\r\n", 1)[0].decode("latin-1")
        target = line.split(" ")[1] if line.count(" ") >= 2 else "/"
        answer(conn, target.split("?", 1)[0])
    except OSError:
        pass
    finally:
        try:
            conn.close()
        except OSError:
            pass


threading.Thread(target=watch_parent, daemon=True).start()
listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(16)
print("PORT=%d" % listener.getsockname()[1], flush=True)
while True:
    c, _ = listener.accept()
    threading.Thread(target=serve, args=(c,), daemon=True).start()
