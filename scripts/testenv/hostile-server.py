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

Issue 38 (round two):
/names/            a $metadata (XML) whose names hold CR, LF, C1 controls (U+009B), U+2028 and a bidi override,
                   and a quote and a backslash; /names/Items answers rows with those names as keys
/names-json/       the same service as CSDL JSON, its names holding ESC sequences and BEL too
/loop/N/Items      pages of two rows whose next links go round: page k links to page k % N + 1, and the last back
                   to "Items" (N=1: a page that links to itself; 2: A->B->A; 3: 1->2->3->1), as absolute URLs
/loop-rel/N/Items  the same with relative next links ("Items?page=2", "Items")
/v2loop/N/Items    the same as an OData V2 service (its own $metadata), relative `__next` links
/emptyrun/Items    two rows, then empty pages without end, each linking to the next
/stall/Items       two rows, then nothing more: the page never ends (the connection stays open for a minute)
/two-lengths/Items a response with two different Content-Length headers
/cookie/Items     one row, with Set-Cookie: SESSION=s3ss10n
/gzip/N/Items      {"value":[ then N MiB of blanks, then ]}, gzip-compressed (Content-Encoding: gzip)
/sap/opu/odata/IWFND/CATALOGSERVICE;v=2/ServiceCollection  a Gateway catalog (V2, JSON): LOCAL_SRV on this
                   origin (/rows/3/), AWAY_SRV on another origin (the same server named "localhost"), and
                   TITLED_SRV whose name and title hold ESC sequences and a line feed
/seen              what reached the server by the name "localhost": request lines and Authorization headers

Exits when the test process that started it goes away (scripts/testenv/owner.py).
"""
import zlib
import json
import os
import socket
import sys
import threading
import time

import owner


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


# Names a hostile $metadata may hold (XML 1.0 allows these as character references; ESC and BEL it does not).
XML_NAMES = ["Line&#10;Feed", "Car&#13;Ret", "Csi&#x9b;2J", "Ls&#x2028;Ps", "Bidi&#x202e;txt", "Quote&quot;Back\\"]
JSON_NAMES = ["Esc\x1b]0;pwned\x07", "Clear\x1b[2J", "Line\nFeed", "Bell\x07", "Csi\u009b2J", "Bidi\u202etxt",
              "Quote\"Back\\"]
XML_NAMES_DECODED = ["Line\nFeed", "Car\rRet", "Csi\u009b2J", "Ls\u2028Ps", "Bidi\u202etxt", "Quote\"Back\\"]

NAMES_XML = ("""<?xml version="1.0" encoding="utf-8"?>
<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
 <edmx:DataServices>
  <Schema Namespace="Hostile" xmlns="http://docs.oasis-open.org/odata/ns/edm">
   <EntityType Name="Item">
    <Key><PropertyRef Name="ID"/></Key>
    <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
""" + "".join('    <Property Name="%s" Type="Edm.String"/>\n' % n for n in XML_NAMES) + """   </EntityType>
   <EntityType Name="Evil&#10;Type&#x202e;">
    <Key><PropertyRef Name="ID"/></Key>
    <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
   </EntityType>
   <EntityContainer Name="Container">
    <EntitySet Name="Items" EntityType="Hostile.Item"/>
    <EntitySet Name="Evil&#10;Set&#x9b;2J" EntityType="Hostile.Evil&#10;Type&#x202e;"/>
   </EntityContainer>
  </Schema>
 </edmx:DataServices>
</edmx:Edmx>
""").encode()

NAMES_JSON = json.dumps({
    "$Version": "4.0", "$EntityContainer": "Hostile.Container",
    "Hostile": {
        "Item": dict([("$Kind", "EntityType"), ("$Key", ["ID"]), ("ID", {"$Type": "Edm.Int32"})]
                     + [(n, {"$Nullable": True}) for n in JSON_NAMES]),
        "Evil\x1b[31mType": {"$Kind": "EntityType", "$Key": ["ID"], "ID": {"$Type": "Edm.Int32"}},
        "Container": {"$Kind": "EntityContainer", "Items": {"$Collection": True, "$Type": "Hostile.Item"},
                      "Evil\x1b]0;pwned\x07Set": {"$Collection": True, "$Type": "Hostile.Evil\x1b[31mType"}},
    },
}).encode()

V2_METADATA = b"""<?xml version="1.0" encoding="utf-8"?>
<edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx">
 <edmx:DataServices xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" m:DataServiceVersion="2.0">
  <Schema Namespace="Hostile" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
   <EntityType Name="Item">
    <Key><PropertyRef Name="ID"/></Key>
    <Property Name="ID" Type="Edm.Int32" Nullable="false"/>
    <Property Name="Name" Type="Edm.String"/>
    <Property Name="Note" Type="Edm.String"/>
   </EntityType>
   <EntityContainer Name="Container" m:IsDefaultEntityContainer="true">
    <EntitySet Name="Items" EntityType="Hostile.Item"/>
   </EntityContainer>
  </Schema>
 </edmx:DataServices>
</edmx:Edmx>
"""

GZIP_BOMBS = {}
GZIP_LOCK = threading.Lock()
SEEN = []


def gzip_bomb(mib):
    """{"value":[, mib MiB of blanks, ]} gzip-compressed (made once per size)."""
    with GZIP_LOCK:
        if mib not in GZIP_BOMBS:
            c = zlib.compressobj(1, zlib.DEFLATED, 31)
            parts = [c.compress(b'{"value":[')]
            piece = b" " * (1 << 20)
            for _ in range(mib):
                parts.append(c.compress(piece))
            parts.append(c.compress(b"]}"))
            parts.append(c.flush())
            GZIP_BOMBS[mib] = b"".join(parts)
        return GZIP_BOMBS[mib]


def loop_page(conn, root, n, page, relative, port):
    """Page `page` of a cycle of n pages: two rows, a next link to page % n + 1."""
    ids = [2 * page - 1, 2 * page]
    rows = [{"ID": i, "Name": "item %d" % i, "Note": "p%d" % page} for i in ids]
    # Back to page 1 is back to the URL first asked for ("Items"): the cycle closes on a page already read.
    target = "Items" if page % n == 0 else "Items?page=%d" % (page % n + 1)
    if root == "v2loop":
        body = {"d": {"results": rows, "__next": target}}
    else:
        link = target if relative else "http://127.0.0.1:%d/%s/%d/%s" % (port, root, n, target)
        body = {"@odata.context": "$metadata#Items", "value": rows, "@odata.nextLink": link}
    send_whole(conn, b"200 OK", b"application/json", json.dumps(body).encode())


def catalog(conn, port):
    here = "http://127.0.0.1:%d" % port
    rows = [
        {"ID": "LOCAL_SRV_0001", "TechnicalServiceName": "LOCAL_SRV", "TechnicalServiceVersion": 1, "Title": "Local",
         "ServiceUrl": here + "/rows/3/"},
        {"ID": "AWAY_SRV_0001", "TechnicalServiceName": "AWAY_SRV", "TechnicalServiceVersion": 1, "Title": "Away",
         "ServiceUrl": "http://localhost:%d/rows/3/" % port},
        {"ID": "TITLED_SRV_0001", "TechnicalServiceName": "TITLED\x1b[2J_SRV", "TechnicalServiceVersion": 1,
         "Title": "Title \x1b]0;pwned\x07\nodsh: forged line", "ServiceUrl": here + "/rows/3/"},
    ]
    send_whole(conn, b"200 OK", b"application/json", json.dumps({"d": {"results": rows}}).encode())


def answer(conn, path, query="", port=0):
    parts = [p for p in path.split("/") if p]
    page = 1
    for kv in query.split("&"):
        if kv.startswith("page="):
            page = int(kv[5:] or "1")
    if path == "/seen":
        return send_whole(conn, b"200 OK", b"text/plain", "".join(SEEN).encode())
    if path.startswith("/sap/opu/odata/IWFND/CATALOGSERVICE;v=2/ServiceCollection"):
        return catalog(conn, port)
    if path.startswith("/sap/"):
        return send_whole(conn, b"404 Not Found", b"text/plain", b"no such catalog\n")
    if path.endswith("/$metadata"):
        if parts[0] == "names":
            return send_whole(conn, b"200 OK", b"application/xml", NAMES_XML)
        if parts[0] == "names-json":
            return send_whole(conn, b"200 OK", b"application/json", NAMES_JSON)
        if parts[0] == "v2loop":
            return send_whole(conn, b"200 OK", b"application/xml", V2_METADATA)
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
    if root in ("names", "names-json"):
        names = XML_NAMES_DECODED if root == "names" else JSON_NAMES
        rows = [dict([("ID", i)] + [(n, "v%d" % j) for j, n in enumerate(names)]) for i in range(2)]
        body = json.dumps({"@odata.context": "$metadata#Items", "value": rows}).encode()
        return send_whole(conn, b"200 OK", b"application/json", body)
    if root in ("loop", "loop-rel", "v2loop"):
        return loop_page(conn, root, size, page, root != "loop", port)
    if root == "emptyrun":
        rows = [{"ID": 1, "Name": "a"}, {"ID": 2, "Name": "b"}] if page == 1 else []
        body = {"@odata.context": "$metadata#Items", "value": rows, "@odata.nextLink": "Items?page=%d" % (page + 1)}
        return send_whole(conn, b"200 OK", b"application/json", json.dumps(body).encode())
    if root == "stall":
        send_head(conn, b"200 OK", b"application/json")
        send_chunk(conn, b'{"@odata.context":"$metadata#Items","value":[{"ID":1,"Name":"a","Note":"x"},'
                         b'{"ID":2,"Name":"b","Note":"y"}')
        time.sleep(60)
        return
    if root == "cookie":
        body = b'{"value":[{"ID":1,"Name":"a","Note":"x"}]}'
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n"
                     b"Set-Cookie: SESSION=s3ss10n; Path=/\r\nConnection: close\r\n\r\n" % len(body) + body)
        return
    if root == "two-lengths":
        body = b'{"value":[{"ID":1,"Name":"a"}]}'
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n"
                     b"Content-Length: %d\r\nConnection: close\r\n\r\n" % (len(body), len(body) + 7) + body)
        return
    if root == "gzip":
        body = gzip_bomb(size)
        head = (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n"
                b"Content-Length: %d\r\nConnection: close\r\n\r\n" % len(body))
        return conn.sendall(head + body)
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
        head = request.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
        line = head[0]
        target = line.split(" ")[1] if line.count(" ") >= 2 else "/"
        fields = [h.split(":", 1) for h in head[1:] if ":" in h]
        host = next((v.strip() for k, v in fields if k.lower() == "host"), "")
        if host.startswith("localhost"):
            SEEN.append(line + "\n")
            SEEN.extend("%s:%s\n" % (k, v) for k, v in fields if k.lower() in ("authorization", "cookie", "apikey"))
        path, _, query = target.partition("?")
        answer(conn, path, query, conn.getsockname()[1])
    except OSError:
        pass
    finally:
        try:
            conn.close()
        except OSError:
            pass


owner.watch()  # ends with the test process (scripts/testenv/owner.py)
listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(16)
print("PORT=%d" % listener.getsockname()[1], flush=True)
while True:
    c, _ = listener.accept()
    threading.Thread(target=serve, args=(c,), daemon=True).start()
