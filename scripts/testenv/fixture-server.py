"""fixture-server.py MODE -- a misbehaving HTTP server on 127.0.0.1 (a free port, printed as PORT=N).

MODE hang:     accepts connections and reads requests, but never answers.
MODE slow:     answers every request after one second: 200, {"value":[]}.
               In both, GET /_events lists what happened, one a line, in order: "request PATH" when a request came,
               "answered PATH" once slow answered it, "closed PATH" once the client closed a connection hang held.
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
               /emptybody/Items  200, application/json, and an empty body
               /failing/Items  page 1 (rows 1, 2) links to ?page=2, which answers 500 with an OData error
               /moved/Items  GET as /same/; POST answered 301 with Location /moved/Elsewhere
               /garbage/Items, /http09/Items  a garbage status line; no status line at all (HTTP/0.9)
               /endless/$metadata, /bigbody/blob  bodies without end (the second beside the usual $metadata)
               /endless-types/$metadata  a $metadata without end made of small entity types (all of it model)
               /seen         what reached the server by the name "localhost" (request lines and the credential
                             headers Authorization, Cookie, APIKey), one a line
MODE sap-annotated: an SAP Gateway style OData V2 service (JSON) at /sap/ whose $metadata carries what SAP's UIs
               read: UI.LineItem (Name, Price, Country of Products), sap:unit (Price in CurrencyCode, Weight in
               WeightUnit), sap:text (Country's CountryName), sap:value-list with Common.ValueList blocks (Country
               from Countries, CurrencyCode from Currencies). Every set answers $filter with startswith(P,'X')
               and P eq 'X' (joined by and), and $top. /slow/ is the same service whose value-list sets answer
               after 60 seconds (a wait no client should sit out).
               /vlseen lists the value-list requests that came, one a line; /vlanswered those answered so far.
               /analytics/ is an SAP analytical service (sap:semantics="aggregate", dimensions and measures by
               sap:aggregation-role) that aggregates implicitly: one row per combination of the dimensions a
               $select names, its measures summed (see ANALYTICS_METADATA).
MODE busy:     a service that turns requests away before it serves them. /KEY/N/STATUS/AFTER answers its first N
               requests (counted per KEY, whatever the method) with STATUS (429 or 503) and Retry-After AFTER:
               delta seconds, "date" (an HTTP-date one second ahead) or "none" (no header); then 200 {"d":{"results":[]}}.
               /KEY/count answers how many requests KEY has had, as text.
MODE v4-catalog: an SAP system with only the OData V4 service catalog, answered as SAP documents it: GET
               /sap/opu/odata4/iwfnd/config/default/iwfnd/catalog/0002/ServiceGroups?$expand=DefaultSystem($expand=
               Services) lists two service groups and their services (ServiceId, ServiceVersion, ServiceUrl); the V2
               catalog is 404; /sap/opu/odata4/sap/api_sales_order/srvd_a2x/sap/salesorder/0001/ is a V4 service
               (SalesOrders: ID, Name) with $metadata and two rows.
MODE evolving: an OData V4 service (JSON) whose $metadata moves on while the client holds a cached copy, one per
               KEY at /KEY/ (each test its own): version 1 has Products (ID, Name, Price); version 2 renames Price
               to UnitPrice (not compatible); version 3 adds Products' Category and a set Suppliers (compatible).
               $metadata has an ETag per version and answers If-None-Match with 304. A $select naming a property
               the current version lacks is 400 ("Could not find a property named ..."), an unknown set or a
               missing key 404. GET /KEY/control/version/N switches the version, /KEY/control/max-age/N sends
               Cache-Control: max-age=N with $metadata from then on, /KEY/control/fail-once makes the next data
               request a 404 for its set; /KEY/control/metadata-requests answers how many GETs of $metadata came.
MODE graph:    an OData V4 service of Microsoft Graph's shape at /graph/: directoryObject derived from the abstract
               entity (key id), user and group derived from directoryObject. GET /graph/directoryObjects answers a
               user, a group and a plain directoryObject, each with its @odata.type (as Graph does);
               /graph/directoryObjects('u1') (or /graph/directoryObjects/u1) the user alone.

Exits when the test process that started it goes away (scripts/testenv/owner.py).
"""
import json
import re
from urllib.parse import unquote
import os
import socket
import sys
import threading
import time

mode = sys.argv[1]
import owner


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


SAP_METADATA = b"""<?xml version="1.0" encoding="utf-8"?>
<edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx"
    xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" xmlns:sap="http://www.sap.com/Protocols/SAPData">
 <edmx:Reference Uri="/vocabularies/Common" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
  <edmx:Include Namespace="com.sap.vocabularies.Common.v1" Alias="Common"/>
 </edmx:Reference>
 <edmx:Reference Uri="/vocabularies/UI" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
  <edmx:Include Namespace="com.sap.vocabularies.UI.v1" Alias="UI"/>
 </edmx:Reference>
 <edmx:DataServices m:DataServiceVersion="2.0">
  <Schema Namespace="SAP_TEST" xml:lang="en" sap:schema-version="1" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
   <EntityType Name="Product" sap:content-version="1">
    <Key><PropertyRef Name="ProductID"/></Key>
    <Property Name="ProductID" Type="Edm.String" Nullable="false" MaxLength="10" sap:label="Product"/>
    <Property Name="Name" Type="Edm.String" MaxLength="40" sap:label="Name"/>
    <Property Name="Description" Type="Edm.String" MaxLength="255" sap:label="Description"/>
    <Property Name="Category" Type="Edm.String" MaxLength="40" sap:label="Category"/>
    <Property Name="Price" Type="Edm.Decimal" Precision="16" Scale="3" sap:unit="CurrencyCode" sap:label="Price"/>
    <Property Name="CurrencyCode" Type="Edm.String" MaxLength="5" sap:semantics="currency-code" sap:label="Currency"
        sap:value-list="standard"/>
    <Property Name="Weight" Type="Edm.Decimal" Precision="13" Scale="3" sap:unit="WeightUnit" sap:label="Weight"/>
    <Property Name="WeightUnit" Type="Edm.String" MaxLength="3" sap:semantics="unit-of-measure" sap:label="Unit"/>
    <Property Name="Country" Type="Edm.String" MaxLength="3" sap:text="CountryName" sap:label="Country"
        sap:value-list="standard"/>
    <Property Name="CountryName" Type="Edm.String" MaxLength="40" sap:label="Country Name"/>
    <Property Name="SupplierID" Type="Edm.String" MaxLength="10" sap:label="Supplier"/>
    <Property Name="CreatedBy" Type="Edm.String" MaxLength="12" sap:label="Created By"/>
    <Property Name="ChangedBy" Type="Edm.String" MaxLength="12" sap:label="Changed By"/>
   </EntityType>
   <EntityType Name="Country" sap:content-version="1">
    <Key><PropertyRef Name="Code"/></Key>
    <Property Name="Code" Type="Edm.String" Nullable="false" MaxLength="3" sap:label="Country"/>
    <Property Name="Name" Type="Edm.String" MaxLength="40" sap:label="Name"/>
   </EntityType>
   <EntityType Name="Currency" sap:content-version="1">
    <Key><PropertyRef Name="Code"/></Key>
    <Property Name="Code" Type="Edm.String" Nullable="false" MaxLength="5" sap:label="Currency"/>
    <Property Name="Description" Type="Edm.String" MaxLength="40" sap:label="Description"/>
   </EntityType>
   <EntityContainer Name="SAP_TEST_Entities" m:IsDefaultEntityContainer="true">
    <EntitySet Name="Products" EntityType="SAP_TEST.Product" sap:content-version="1"/>
    <EntitySet Name="Countries" EntityType="SAP_TEST.Country" sap:creatable="false" sap:content-version="1"/>
    <EntitySet Name="Currencies" EntityType="SAP_TEST.Currency" sap:creatable="false" sap:content-version="1"/>
   </EntityContainer>
   <Annotations Target="SAP_TEST.Product" xmlns="http://docs.oasis-open.org/odata/ns/edm">
    <Annotation Term="UI.LineItem">
     <Collection>
      <Record Type="UI.DataField"><PropertyValue Property="Value" Path="Name"/></Record>
      <Record Type="UI.DataField"><PropertyValue Property="Value" Path="Price"/></Record>
      <Record Type="UI.DataField"><PropertyValue Property="Value" Path="Country"/></Record>
     </Collection>
    </Annotation>
   </Annotations>
   <Annotations Target="SAP_TEST.Product/Country" xmlns="http://docs.oasis-open.org/odata/ns/edm">
    <Annotation Term="Common.ValueList">
     <Record>
      <PropertyValue Property="Label" String="Countries"/>
      <PropertyValue Property="CollectionPath" String="Countries"/>
      <PropertyValue Property="Parameters">
       <Collection>
        <Record Type="Common.ValueListParameterInOut">
         <PropertyValue Property="LocalDataProperty" PropertyPath="Country"/>
         <PropertyValue Property="ValueListProperty" String="Code"/>
        </Record>
        <Record Type="Common.ValueListParameterDisplayOnly"><PropertyValue Property="ValueListProperty" String="Name"/></Record>
       </Collection>
      </PropertyValue>
     </Record>
    </Annotation>
   </Annotations>
   <Annotations Target="SAP_TEST.Product/CurrencyCode" xmlns="http://docs.oasis-open.org/odata/ns/edm">
    <Annotation Term="Common.ValueList">
     <Record>
      <PropertyValue Property="CollectionPath" String="Currencies"/>
      <PropertyValue Property="Parameters">
       <Collection>
        <Record Type="Common.ValueListParameterInOut">
         <PropertyValue Property="LocalDataProperty" PropertyPath="CurrencyCode"/>
         <PropertyValue Property="ValueListProperty" String="Code"/>
        </Record>
        <Record Type="Common.ValueListParameterDisplayOnly">
         <PropertyValue Property="ValueListProperty" String="Description"/>
        </Record>
       </Collection>
      </PropertyValue>
     </Record>
    </Annotation>
   </Annotations>
  </Schema>
 </edmx:DataServices>
</edmx:Edmx>
"""

SAP_ROWS = {
    "Products": [
        {"ProductID": "HT-1000", "Name": "Notebook Basic 15", "Description": "Notebook Basic 15 with 2,80 GHz quad core",
         "Category": "Notebooks", "Price": "956.000", "CurrencyCode": "EUR", "Weight": "4.200", "WeightUnit": "KG",
         "Country": "DE", "CountryName": "Germany", "SupplierID": "0100000000", "CreatedBy": "ALICE", "ChangedBy": "BOB"},
        {"ProductID": "HT-1001", "Name": "Notebook Basic 17", "Description": "Notebook Basic 17 with 2,80 GHz quad core",
         "Category": "Notebooks", "Price": "1249.000", "CurrencyCode": "USD", "Weight": "4.500", "WeightUnit": "KG",
         "Country": "US", "CountryName": "United States", "SupplierID": "0100000001", "CreatedBy": "ALICE", "ChangedBy": None},
    ],
    "Countries": [{"Code": c, "Name": n} for c, n in [
        ("DE", "Germany"), ("DK", "Denmark"), ("FR", "France"), ("GB", "United Kingdom"), ("US", "United States")]],
    "Currencies": [{"Code": c, "Description": n} for c, n in [
        ("EUR", "Euro"), ("GBP", "British Pound"), ("USD", "US Dollar")]],
}

vl_seen = []
vl_answered = []

# /analytics/: an SAP Gateway analytical service as SAP documents them: an entity type with sap:semantics="aggregate"
# whose properties are dimensions and measures (sap:aggregation-role). The service aggregates implicitly: a $select
# names dimensions and measures, and the answer has one row per combination of the selected dimensions, each measure
# summed over the facts of that combination; a $filter on dimensions (eq) selects the facts first. The key (ID) is
# made of the dimensions' values, as Gateway makes one for each aggregated row.
ANALYTICS_METADATA = b"""<?xml version="1.0" encoding="utf-8"?>
<edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx"
    xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" xmlns:sap="http://www.sap.com/Protocols/SAPData">
 <edmx:DataServices m:DataServiceVersion="2.0">
  <Schema Namespace="SAP_SALES" xml:lang="en" sap:schema-version="1" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
   <EntityType Name="SalesFactType" sap:semantics="aggregate" sap:content-version="1">
    <Key><PropertyRef Name="ID"/></Key>
    <Property Name="ID" Type="Edm.String" Nullable="false" MaxLength="80" sap:filterable="false"/>
    <Property Name="Country" Type="Edm.String" MaxLength="3" sap:aggregation-role="dimension" sap:label="Country"/>
    <Property Name="Category" Type="Edm.String" MaxLength="40" sap:aggregation-role="dimension" sap:label="Category"/>
    <Property Name="Currency" Type="Edm.String" MaxLength="5" sap:aggregation-role="dimension" sap:semantics="currency-code"/>
    <Property Name="Revenue" Type="Edm.Decimal" Precision="15" Scale="2" sap:aggregation-role="measure" sap:unit="Currency"
        sap:filterable="false" sap:label="Revenue"/>
    <Property Name="Quantity" Type="Edm.Int32" sap:aggregation-role="measure" sap:filterable="false" sap:label="Quantity"/>
   </EntityType>
   <EntityContainer Name="SAP_SALES_Entities" m:IsDefaultEntityContainer="true" sap:supported-formats="atom json">
    <EntitySet Name="SalesFacts" EntityType="SAP_SALES.SalesFactType" sap:creatable="false" sap:updatable="false"
        sap:deletable="false" sap:content-version="1"/>
   </EntityContainer>
  </Schema>
 </edmx:DataServices>
</edmx:Edmx>
"""
ANALYTICS_DIMENSIONS = ["Country", "Category", "Currency"]
ANALYTICS_MEASURES = ["Revenue", "Quantity"]
ANALYTICS_FACTS = [dict(zip(ANALYTICS_DIMENSIONS + ANALYTICS_MEASURES, f)) for f in [
    ("DE", "Notebooks", "EUR", "956.00", 3), ("DE", "Notebooks", "EUR", "1249.50", 1), ("DE", "Monitors", "EUR", "230.10", 7),
    ("US", "Notebooks", "EUR", "2100.00", 2), ("US", "Monitors", "EUR", "189.99", 4), ("US", "Monitors", "EUR", "410.01", 2),
    ("FR", "Printers", "EUR", "99.90", 5), ("DE", "Printers", "EUR", "120.00", 1), ("FR", "Notebooks", "EUR", "875.25", 1),
]]


def analytics(target):
    """The answer of /analytics/ to one GET: SAP's implicit aggregation over ANALYTICS_FACTS."""
    from decimal import Decimal
    from urllib.parse import unquote
    import re
    path, _, query = target.partition("?")
    if path.endswith("/$metadata"):
        return b"200 OK", b"application/xml", ANALYTICS_METADATA
    if path == "/analytics/":
        return b"200 OK", b"application/json", b'{"d":{"EntitySets":["SalesFacts"]}}'
    if path != "/analytics/SalesFacts":
        return b"404 Not Found", b"application/json", b'{"error":{"code":"404","message":{"lang":"en","value":"no such set"}}}'
    params = dict((k, unquote(v)) for k, v in (p.partition("=")[::2] for p in query.split("&") if p))
    selected = [n.strip() for n in params.get("$select", "").split(",") if n.strip()] or (["ID"] + ANALYTICS_DIMENSIONS + ANALYTICS_MEASURES)
    unknown = [n for n in selected if n not in ["ID"] + ANALYTICS_DIMENSIONS + ANALYTICS_MEASURES]
    if unknown:
        body = {"error": {"code": "/IWBEP/CM_MGW_RT/022", "message": {"lang": "en", "value": "Property %s not found" % unknown[0]}}}
        return b"400 Bad Request", b"application/json", json.dumps(body).encode("utf-8")
    facts = ANALYTICS_FACTS
    for prop, value in re.findall(r"(\w+) eq '([^']*)'", params.get("$filter", "")):
        facts = [f for f in facts if str(f.get(prop)) == value]
    # The key is selected, or nothing is: every dimension groups (one row per fact combination).
    dims = ANALYTICS_DIMENSIONS if "ID" in selected else [d for d in ANALYTICS_DIMENSIONS if d in selected]
    groups = {}
    for f in facts:
        key = tuple(f[d] for d in dims)
        g = groups.setdefault(key, {m: Decimal(0) if m == "Revenue" else 0 for m in ANALYTICS_MEASURES})
        for m in ANALYTICS_MEASURES:
            g[m] += Decimal(f[m]) if m == "Revenue" else f[m]
    rows = []
    for key, sums in groups.items():
        row = {"__metadata": {"type": "SAP_SALES.SalesFactType"}}
        values = dict(zip(dims, key))
        values["ID"] = "/".join(["%s=%s" % (d, values[d]) for d in dims]) or "ALL"
        values.update({m: str(sums[m]) if m == "Revenue" else sums[m] for m in ANALYTICS_MEASURES})
        for n in selected:
            row[n] = values.get(n)
        rows.append(row)
    if "$top" in params:
        rows = rows[:int(params["$top"])]
    return b"200 OK", b"application/json", json.dumps({"d": {"results": rows}}).encode("utf-8")



def sap_annotated(request):
    """The answer of the sap-annotated mode to one request (its head, as bytes)."""
    from urllib.parse import unquote
    import re
    line = request.split(b"\r\n", 1)[0].decode("latin-1")
    target = line.split(" ")[1] if line.count(" ") >= 2 else "/"
    path, _, query = target.partition("?")
    if path == "/vlseen":
        return b"200 OK", b"text/plain", "".join(s + "\n" for s in vl_seen).encode("utf-8")
    if path == "/vlanswered":
        return b"200 OK", b"text/plain", "".join(s + "\n" for s in vl_answered).encode("utf-8")
    root = path.split("/")[1] if path.count("/") >= 2 else ""
    if root == "analytics":
        return analytics(target)
    if root not in ("sap", "slow"):
        return b"404 Not Found", b"text/plain", b"no such resource\n"
    if path.endswith("/$metadata"):
        return b"200 OK", b"application/xml", SAP_METADATA
    if path == "/%s/" % root:
        return b"200 OK", b"application/json", b'{"d":{"EntitySets":["Products","Countries","Currencies"]}}'
    name = path.rsplit("/", 1)[1]
    if name not in SAP_ROWS:
        return b"404 Not Found", b"application/json", b'{"error":{"code":"404","message":{"lang":"en","value":"no such set"}}}'
    params = dict(p.partition("=")[::2] for p in query.split("&") if p)
    rows = SAP_ROWS[name]
    if name != "Products":
        vl_seen.append(unquote(target))
        if root == "slow":
            time.sleep(60)
        vl_answered.append(unquote(target))
    for prop, value in re.findall(r"startswith\((\w+),'([^']*)'\)", unquote(params.get("$filter", ""))):
        rows = [r for r in rows if str(r.get(prop, "")).startswith(value)]
    for prop, value in re.findall(r"(\w+) eq '([^']*)'", unquote(params.get("$filter", ""))):
        rows = [r for r in rows if str(r.get(prop, "")) == value]
    if "$top" in params:
        rows = rows[:int(params["$top"])]
    body = json.dumps({"d": {"results": [dict(r, __metadata={"type": "SAP_TEST." + {"Products": "Product", "Countries": "Country",
                                                                                    "Currencies": "Currency"}[name]})
                                         for r in rows]}})
    return b"200 OK", b"application/json", body.encode("utf-8")


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
    if root == "failing" and path.endswith("/Items"):
        # Page 1 links to page 2, which fails as a server error.
        if query == "page=2":
            body = {"error": {"code": "SY/530", "message": {"lang": "en", "value": "page 2 failed"}}}
            return b"500 Internal Server Error", b"application/json", json.dumps(body).encode("utf-8")
        rows = [{"ID": 1, "Name": "item 1"}, {"ID": 2, "Name": "item 2"}]
        link = "http://%s/failing/Items?page=2" % host
        return b"200 OK", b"application/json", json.dumps({"d": {"results": rows, "__next": link}}).encode("utf-8")
    if root == "emptybody" and path.endswith("/Items"):
        return b"200 OK", b"application/json", b""
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


EVOLVING_PROPERTIES = {
    1: [("ID", "Edm.Int32"), ("Name", "Edm.String"), ("Price", "Edm.Decimal")],
    2: [("ID", "Edm.Int32"), ("Name", "Edm.String"), ("UnitPrice", "Edm.Decimal")],
    3: [("ID", "Edm.Int32"), ("Name", "Edm.String"), ("Price", "Edm.Decimal"), ("Category", "Edm.String")],
}
evolving_state = {}
evolving_lock = threading.Lock()


def evolving_metadata(version):
    props = "".join('<Property Name="%s" Type="%s"%s/>' % (n, t, ' Nullable="false"' if n == "ID" else "")
                    for n, t in EVOLVING_PROPERTIES[version])
    suppliers_type = ('<EntityType Name="Supplier"><Key><PropertyRef Name="ID"/></Key>'
                      '<Property Name="ID" Type="Edm.Int32" Nullable="false"/><Property Name="Name" Type="Edm.String"/></EntityType>'
                      if version == 3 else "")
    suppliers_set = '<EntitySet Name="Suppliers" EntityType="Shop.Supplier"/>' if version == 3 else ""
    return ('<?xml version="1.0" encoding="utf-8"?>\n'
            '<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>'
            '<Schema Namespace="Shop" xmlns="http://docs.oasis-open.org/odata/ns/edm">'
            '<EntityType Name="Product"><Key><PropertyRef Name="ID"/></Key>' + props + '</EntityType>' + suppliers_type +
            '<EntityContainer Name="Container"><EntitySet Name="Products" EntityType="Shop.Product"/>' + suppliers_set +
            '</EntityContainer></Schema></edmx:DataServices></edmx:Edmx>\n').encode()


def evolving(request):
    """The answer of the evolving mode to one request: (status line, extra header lines, content type, body)."""
    from urllib.parse import unquote, urlsplit, parse_qs
    head = request.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    target = head[0].split(" ")[1]
    url = urlsplit(target)
    parts = url.path.split("/")
    if len(parts) < 3:
        return "404 Not Found", "", "text/plain", b"no such resource\n"
    key, rest = parts[1], "/".join(parts[2:])
    with evolving_lock:
        state = evolving_state.setdefault(key, {"version": 1, "max_age": None, "fail_once": False, "metadata_requests": 0})
        if rest.startswith("control/"):
            what = rest.split("/")[1:]
            if what[0] == "version":
                state["version"] = int(what[1])
            elif what[0] == "max-age":
                state["max_age"] = int(what[1])
            elif what[0] == "fail-once":
                state["fail_once"] = True
            elif what[0] == "metadata-requests":
                return "200 OK", "", "text/plain", str(state["metadata_requests"]).encode()
            return "200 OK", "", "text/plain", b"ok\n"
        version = state["version"]
        if rest == "$metadata":
            state["metadata_requests"] += 1
            etag = '"v%d"' % version
            headers = "ETag: %s\r\n" % etag
            if state["max_age"] is not None:
                headers += "Cache-Control: max-age=%d\r\n" % state["max_age"]
            sent = [h.split(":", 1)[1].strip() for h in head[1:] if h.lower().startswith("if-none-match:")]
            if etag in sent:
                return "304 Not Modified", headers, "application/xml", b""
            return "200 OK", headers, "application/xml", evolving_metadata(version)
        fail_once, state["fail_once"] = state["fail_once"], False
    error = lambda status, code, message: (status, "", "application/json",
                                          json.dumps({"error": {"code": code, "message": message}}).encode())
    segment = unquote(rest).split("(")[0]
    if rest == "":
        return "200 OK", "", "application/json", json.dumps({"value": [{"name": "Products", "url": "Products"}]}).encode()
    if fail_once or segment not in (["Products", "Suppliers"] if version == 3 else ["Products"]):
        return error("404 Not Found", "NotFound", "Resource not found for the segment '%s'." % segment)
    names = [n for n, _ in EVOLVING_PROPERTIES[version]]
    rows = [{"ID": 1, "Name": "Chai", "Price": 18, "UnitPrice": 18, "Category": "Beverages"},
            {"ID": 2, "Name": "Chang", "Price": 19, "UnitPrice": 19, "Category": "Beverages"}]
    if segment == "Suppliers":
        names, rows = ["ID", "Name"], [{"ID": 1, "Name": "Exotic Liquids"}]
    query = parse_qs(url.query)
    select = [p.strip() for p in ",".join(query.get("$select", [])).split(",") if p.strip()] or names
    for p in select:
        if p not in names:
            return error("400 Bad Request", "BadRequest",
                         "Could not find a property named '%s' on type 'Shop.%s'." % (p, segment[:-1]))
    if "(" in rest:
        wanted = int(unquote(rest).split("(")[1].rstrip(")"))
        rows = [r for r in rows if r["ID"] == wanted]
        if not rows:
            return error("404 Not Found", "NotFound", "No entity with key %d." % wanted)
        return "200 OK", "", "application/json", json.dumps(dict({p: rows[0][p] for p in select},
                                                                 **{"@odata.context": "$metadata#%s/$entity" % segment})).encode()
    value = [{p: r[p] for p in select} for r in rows]
    return "200 OK", "", "application/json", json.dumps({"@odata.context": "$metadata#" + segment, "value": value}).encode()


V4_CATALOG_PATH = "/sap/opu/odata4/iwfnd/config/default/iwfnd/catalog/0002/"
V4_SERVICE = "/sap/opu/odata4/sap/api_sales_order/srvd_a2x/sap/salesorder/0001/"
V4_SERVICE_METADATA = b"""<?xml version="1.0" encoding="utf-8"?>
<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
 <edmx:DataServices>
  <Schema Namespace="com.sap.gateway.srvd_a2x.api_sales_order.v0001" xmlns="http://docs.oasis-open.org/odata/ns/edm">
   <EntityType Name="SalesOrderType"><Key><PropertyRef Name="ID"/></Key>
    <Property Name="ID" Type="Edm.String" Nullable="false" MaxLength="10"/><Property Name="Name" Type="Edm.String"/></EntityType>
   <EntityContainer Name="Container"><EntitySet Name="SalesOrders" EntityType="com.sap.gateway.srvd_a2x.api_sales_order.v0001.SalesOrderType"/></EntityContainer>
  </Schema>
 </edmx:DataServices>
</edmx:Edmx>
"""


def v4_catalog(request):
    path = request.split(b"\r\n", 1)[0].split(b" ")[1].decode("latin-1")
    if path.startswith(V4_CATALOG_PATH + "ServiceGroups"):
        groups = [
            {"GroupId": "API_SALES_ORDER", "Description": "Sales Order (A2X)",
             "DefaultSystem": {"SystemAlias": "LOCAL", "Description": "Local system",
                               "Services": [{"ServiceId": "API_SALES_ORDER", "ServiceVersion": "0001",
                                             "Description": "Sales Order", "ServiceUrl": V4_SERVICE}]}},
            {"GroupId": "UI_PRODUCT", "Description": "Manage Products",
             "DefaultSystem": {"SystemAlias": "LOCAL", "Description": "Local system",
                               "Services": [{"ServiceId": "UI_PRODUCT_MANAGE", "ServiceVersion": "0002",
                                             "Description": "Manage Products",
                                             "ServiceUrl": "/sap/opu/odata4/sap/ui_product_manage/srvd/sap/product/0002/"}]}},
        ]
        body = {"@odata.context": "$metadata#ServiceGroups(DefaultSystem(Services()))", "value": groups}
        return "200 OK", "application/json", json.dumps(body).encode()
    if path == V4_SERVICE + "$metadata":
        return "200 OK", "application/xml", V4_SERVICE_METADATA
    if path == V4_SERVICE:
        doc = {"@odata.context": "$metadata", "value": [{"name": "SalesOrders", "url": "SalesOrders"}]}
        return "200 OK", "application/json", json.dumps(doc).encode()
    if path == V4_SERVICE + "$batch":
        # A JSON batch (OData 4.01 JSON Format, 19): answered request by request in reverse order, which the
        # format allows, so a client must match answers by their id.
        body = json.loads(request.partition(b"\r\n\r\n")[2] or b"{}")
        rows = {"0000000001": "First", "0000000002": "Second"}
        responses = []
        for r in body.get("requests", []):
            m = re.match(r"SalesOrders\('(\d+)'\)$", unquote(r.get("url", "")))
            if r.get("method", "").upper() == "GET" and m and m.group(1) in rows:
                responses.append({"id": r["id"], "status": 200, "headers": {"content-type": "application/json"},
                                  "body": {"ID": m.group(1), "Name": rows[m.group(1)]}})
            else:
                responses.append({"id": r.get("id"), "status": 404, "headers": {"content-type": "application/json"},
                                  "body": {"error": {"code": "404", "message": "not found: " + r.get("url", "")}}})
        return "200 OK", "application/json", json.dumps({"responses": responses[::-1]}).encode()
    if path.startswith(V4_SERVICE + "SalesOrders"):
        rows = [{"ID": "0000000001", "Name": "First"}, {"ID": "0000000002", "Name": "Second"}]
        return "200 OK", "application/json", json.dumps({"@odata.context": "$metadata#SalesOrders", "value": rows}).encode()
    body = {"error": {"code": "/IWBEP/CM_V4_RUNTIME/021", "message": "Resource not found for segment " + path}}
    return "404 Not Found", "application/json", json.dumps(body).encode()


GRAPH_METADATA = b"""<?xml version="1.0" encoding="utf-8"?>
<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
 <edmx:DataServices>
  <Schema Namespace="microsoft.graph" xmlns="http://docs.oasis-open.org/odata/ns/edm">
   <EntityType Name="entity" Abstract="true"><Key><PropertyRef Name="id"/></Key>
    <Property Name="id" Type="Edm.String" Nullable="false"/></EntityType>
   <EntityType Name="directoryObject" BaseType="microsoft.graph.entity">
    <Property Name="deletedDateTime" Type="Edm.DateTimeOffset"/></EntityType>
   <EntityType Name="user" BaseType="microsoft.graph.directoryObject">
    <Property Name="displayName" Type="Edm.String"/><Property Name="mail" Type="Edm.String"/></EntityType>
   <EntityType Name="group" BaseType="microsoft.graph.directoryObject">
    <Property Name="displayName" Type="Edm.String"/></EntityType>
   <EntityContainer Name="GraphService">
    <EntitySet Name="directoryObjects" EntityType="microsoft.graph.directoryObject"/>
   </EntityContainer>
  </Schema>
 </edmx:DataServices>
</edmx:Edmx>
"""
GRAPH_OBJECTS = [
    {"@odata.type": "#microsoft.graph.user", "id": "u1", "displayName": "Adele Vance", "mail": "adele@example.org"},
    {"@odata.type": "#microsoft.graph.group", "id": "g1", "displayName": "Sales"},
    {"@odata.type": "#microsoft.graph.directoryObject", "id": "d1", "deletedDateTime": None},
]


def graph(request):
    """The answer of the graph mode to one request: (status, content type, body)."""
    path = unquote(request.split(b"\r\n", 1)[0].split(b" ")[1].decode("latin-1").split("?")[0])
    context = "http://127.0.0.1/graph/$metadata#directoryObjects"
    if path == "/graph/$metadata":
        return "200 OK", "application/xml", GRAPH_METADATA
    if path == "/graph/":
        return "200 OK", "application/json", json.dumps({"value": [{"name": "directoryObjects", "url": "directoryObjects"}]}).encode()
    if path == "/graph/directoryObjects":
        return "200 OK", "application/json", json.dumps({"@odata.context": context, "value": GRAPH_OBJECTS}).encode()
    m = re.match(r"/graph/directoryObjects(?:\('([^']*)'\)|/([^/]+))$", path)
    found = [o for o in GRAPH_OBJECTS if m and o["id"] in (m.group(1), m.group(2))]
    if found:
        return "200 OK", "application/json", json.dumps(dict(found[0], **{"@odata.context": context + "/$entity"})).encode()
    body = {"error": {"code": "Request_ResourceNotFound", "message": "Resource '%s' does not exist." % path}}
    return "404 Not Found", "application/json", json.dumps(body).encode()


def whole_request(conn, request):
    """The request with all of the body its Content-Length announces (the first recv may hold only part of it)."""
    head, _, rest = request.partition(b"\r\n\r\n")
    for h in head.split(b"\r\n")[1:]:
        if h.lower().startswith(b"content-length:"):
            want = int(h.split(b":", 1)[1])
            while len(rest) < want:
                more = conn.recv(65536)
                if not more:
                    break
                rest += more
    return head + b"\r\n\r\n" + rest


events = []
events_lock = threading.Lock()


def event(what, request):
    path = request.split(b"\r\n", 1)[0].split(b" ")[1:2]
    with events_lock:
        events.append(what + " " + (path[0].decode("latin-1") if path else "?"))


def serve(conn):
    conn.settimeout(60)
    try:
        request = conn.recv(65536)
        if mode in ("hang", "slow") and request.startswith(b"GET /_events "):
            with events_lock:
                body = "".join(e + "\n" for e in events).encode()
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: "
                         + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n" + body)
            conn.close()
            return
        if mode in ("hang", "slow"):
            event("request", request)
        if mode == "busy" or mode == "evolving":
            status, headers, content_type, body = (busy if mode == "busy" else evolving)(request)
            conn.sendall(("HTTP/1.1 %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n%sConnection: close\r\n\r\n"
                          % (status, content_type, len(body), headers)).encode("latin-1") + body)
            conn.close()
            return
        if mode == "next-links":
            # A body announced by Content-Length may still be on its way: read it, so closing does not reset.
            request = whole_request(conn, request)
            first = request.split(b"\r\n", 1)[0]
            if first.startswith(b"GET /endless-types/$metadata"):
                # A $metadata without end whose every piece is model: small entity types, numbered, for ever.
                conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/xml\r\nConnection: close\r\n\r\n"
                             b'<?xml version="1.0"?><edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0">'
                             b'<edmx:DataServices><Schema Namespace="Endless" xmlns="http://docs.oasis-open.org/odata/ns/edm">')
                n = 0
                try:
                    while True:
                        piece = b"".join(b'<EntityType Name="T%d"><Key><PropertyRef Name="ID"/></Key>'
                                         b'<Property Name="ID" Type="Edm.Int32" Nullable="false"/>'
                                         b'<Property Name="Name" Type="Edm.String" MaxLength="40"/></EntityType>' % (n + i)
                                         for i in range(500))
                        n += 500
                        conn.sendall(piece)
                except OSError:
                    pass
                conn.close()
                return
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
        if mode == "sap-annotated":
            status, content_type, body = sap_annotated(request)
            conn.sendall(b"HTTP/1.1 " + status + b"\r\nContent-Type: " + content_type + b"\r\nContent-Length: "
                         + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n" + body)
            conn.close()
            return
        if mode == "v4-catalog" or mode == "graph":
            status, content_type, body = (v4_catalog if mode == "v4-catalog" else graph)(whole_request(conn, request))
            conn.sendall(("HTTP/1.1 %s\r\nContent-Type: %s\r\nContent-Length: %d\r\nConnection: close\r\n\r\n"
                          % (status, content_type, len(body))).encode("latin-1") + body)
            conn.close()
            return
        if mode == "slow":
            time.sleep(1)
            body = b'{"value":[]}'
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                         + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n" + body)
            conn.close()
            event("answered", request)
            return
        if mode == "truncate":
            body = b'{"value":[' + b' ' * 988 + b'1,'
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n" + body)
            conn.close()
            return
        try:
            while conn.recv(65536):  # hang: keep the connection open, say nothing
                pass
            event("closed", request)
        except socket.timeout:
            event("timed-out", request)  # (after 60 s: never what a client's closing looks like)
        except OSError:
            event("closed", request)  # reset by the client
    except OSError:
        pass


if mode not in ("hang", "slow", "truncate", "next-links", "sap-annotated", "busy", "v4-catalog", "evolving", "graph"):
    sys.exit("usage: fixture-server.py hang|slow|truncate|next-links|sap-annotated|busy|v4-catalog|evolving|graph")
owner.watch()  # ends with the test process (scripts/testenv/owner.py)
listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(16)
print("PORT=%d" % listener.getsockname()[1], flush=True)
while True:
    c, _ = listener.accept()
    threading.Thread(target=serve, args=(c,), daemon=True).start()
