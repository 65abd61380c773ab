"""The pyslet V2 reference server of ../shared/refsrv with service operations (V2 function imports) added.

Usage: python pyslet_functions_server.py PORT DATA_DIR REFSRV_DIR    (binds 127.0.0.1 only)

It loads REFSRV_DIR/pyslet_v2_server.py (Northwind V2 in pyslet's in-memory container, the real rows, 20 a page)
and adds, in the $metadata's entity container and bound through pyslet's FunctionImport.bind:

  ProductsByCategory(CategoryID Edm.Int32)                GET   Collection(Product), entity set Products
  OrdersShippedSince(Since Edm.DateTime, Country Edm.String)  GET  Collection(Order), entity set Orders (server-paged)
  ProductByName(Name Edm.String)                          GET   one Product (404 when there is none)
  CustomerCount(Country Edm.String)                       GET   Edm.Int32
  TotalFreight(CustomerID Edm.String, MinFreight Edm.Decimal)  GET  Edm.Decimal
  OrderCountAbove(OrderID Edm.Int64)                      GET   Edm.Int32 (orders with a greater ID)
  ShipCountries()                                         GET   Collection(Edm.String)
  RecordVisit(CustomerID Edm.String)                      POST  Edm.Int32, the visits recorded so far (a counter
                                                                kept apart from the data, which stays as it is)

pyslet runs a service operation whatever the request's method, and answers a POST to one with 405; it also casts
any literal to the parameter's type. So that a test shows the client did its part, a layer in front of pyslet
answers 405 to a method other than the function import's m:HttpMethod, and 400 to a parameter whose literal is not
of the declared type (`3` for an Edm.Int64, `'1998-05-01'` for an Edm.DateTime, `12.5` for an Edm.Decimal); a POST
that passes is handed to pyslet as a GET.
"""
import importlib.util
import io
import json
import os
import sys
import threading
from urllib.parse import unquote
from wsgiref.simple_server import make_server

import pyslet.odata2.csdl as edm
import pyslet.odata2.core as core
import pyslet.odata2.metadata as edmx
from pyslet.odata2 import memds
from pyslet.odata2.memds import InMemoryEntityContainer
from pyslet.odata2.server import Server

PORT, DATA, REFSRV = int(sys.argv[1]), sys.argv[2], sys.argv[3]
# The shared server reads PORT and DATA_DIR from sys.argv[1:3] when it is loaded.
_spec = importlib.util.spec_from_file_location("pyslet_v2_server", os.path.join(REFSRV, "pyslet_v2_server.py"))
base = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(base)

FUNCTIONS = """
        <FunctionImport Name="ProductsByCategory" ReturnType="Collection(NorthwindModel.Product)" EntitySet="Products" m:HttpMethod="GET">
          <Parameter Name="CategoryID" Type="Edm.Int32" Mode="In" />
        </FunctionImport>
        <FunctionImport Name="OrdersShippedSince" ReturnType="Collection(NorthwindModel.Order)" EntitySet="Orders" m:HttpMethod="GET">
          <Parameter Name="Since" Type="Edm.DateTime" Mode="In" />
          <Parameter Name="Country" Type="Edm.String" Mode="In" />
        </FunctionImport>
        <FunctionImport Name="ProductByName" ReturnType="NorthwindModel.Product" EntitySet="Products" m:HttpMethod="GET">
          <Parameter Name="Name" Type="Edm.String" Mode="In" />
        </FunctionImport>
        <FunctionImport Name="CustomerCount" ReturnType="Edm.Int32" m:HttpMethod="GET">
          <Parameter Name="Country" Type="Edm.String" Mode="In" />
        </FunctionImport>
        <FunctionImport Name="TotalFreight" ReturnType="Edm.Decimal" m:HttpMethod="GET">
          <Parameter Name="CustomerID" Type="Edm.String" Mode="In" />
          <Parameter Name="MinFreight" Type="Edm.Decimal" Mode="In" />
        </FunctionImport>
        <FunctionImport Name="OrderCountAbove" ReturnType="Edm.Int32" m:HttpMethod="GET">
          <Parameter Name="OrderID" Type="Edm.Int64" Mode="In" />
        </FunctionImport>
        <FunctionImport Name="ShipCountries" ReturnType="Collection(Edm.String)" m:HttpMethod="GET" />
        <FunctionImport Name="RecordVisit" ReturnType="Edm.Int32" m:HttpMethod="POST">
          <Parameter Name="CustomerID" Type="Edm.String" Mode="In" />
        </FunctionImport>
"""
# name -> (HTTP method, {parameter: Edm type})
SIGNATURES = {
    "ProductsByCategory": ("GET", {"CategoryID": "Edm.Int32"}),
    "OrdersShippedSince": ("GET", {"Since": "Edm.DateTime", "Country": "Edm.String"}),
    "ProductByName": ("GET", {"Name": "Edm.String"}),
    "CustomerCount": ("GET", {"Country": "Edm.String"}),
    "TotalFreight": ("GET", {"CustomerID": "Edm.String", "MinFreight": "Edm.Decimal"}),
    "OrderCountAbove": ("GET", {"OrderID": "Edm.Int64"}),
    "ShipCountries": ("GET", {}),
    "RecordVisit": ("POST", {"CustomerID": "Edm.String"}),
}


class Where(memds.EntityCollection):
    """The entities of an in-memory entity set that satisfy `keep`; $filter, $orderby, paging and the rest of
    pyslet's collection handling apply on top, as for the entity set itself."""

    def __init__(self, keep, **kwargs):
        super().__init__(**kwargs)
        self.keep = keep

    def _kept(self):
        return (e for e in self.entity_store.generate_entities() if self.keep(e))

    def __len__(self):
        return sum(1 for _ in self.filter_entities(self._kept()))

    def itervalues(self):
        return self.order_entities(self.expand_entities(self.filter_entities(self._kept())))


class Named:
    """What pyslet's writers read of a value's property definition: the name a V2 result is wrapped in
    (`{"d": {"CustomerCount": 11}}`)."""

    def __init__(self, name, type_code):
        self.name, self.simpleTypeCode, self.nullable, self.defaultValue = name, type_code, True, None


def simple(type_code, value, name=None):
    v = edm.SimpleValue.from_type(type_code)
    v.set_from_value(value)
    if name:
        v.p_def = Named(name, type_code)
    return v


class Strings(core.FunctionCollection):
    def __init__(self, function, params, values):
        super().__init__(function, params)
        self.values = values

    def __iter__(self):
        return (simple(edm.SimpleType.String, v) for v in self.values)


def bind_functions(container):
    def where(function, keep):
        cls, kws = function.entity_set.binding
        return Where(keep, entity_set=function.entity_set, **kws)

    def rows(set_name):
        with container[set_name].open() as coll:
            return list(coll.itervalues())

    def products_by_category(function, params):
        cid = params["CategoryID"].value
        return where(function, lambda e: e["CategoryID"].value == cid)

    def orders_shipped_since(function, params):
        since, country = params["Since"].value, params["Country"].value
        return where(function, lambda e: e["ShippedDate"].value is not None and e["ShippedDate"].value >= since
                     and e["ShipCountry"].value == country)

    def product_by_name(function, params):
        name = params["Name"].value
        for e in rows("Products"):
            if e["ProductName"].value == name:
                return e
        return None

    def customer_count(function, params):
        country = params["Country"].value
        n = sum(1 for e in rows("Customers") if e["Country"].value == country)
        return simple(edm.SimpleType.Int32, n, function.name)

    def total_freight(function, params):
        cid, least = params["CustomerID"].value, params["MinFreight"].value
        freights = (e["Freight"].value for e in rows("Orders") if e["CustomerID"].value == cid)
        total = sum((f for f in freights if f is not None and f >= least), base.decimal.Decimal(0))
        return simple(edm.SimpleType.Decimal, total, function.name)

    def order_count_above(function, params):
        least = params["OrderID"].value
        n = sum(1 for e in rows("Orders") if e["OrderID"].value > least)
        return simple(edm.SimpleType.Int32, n, function.name)

    def ship_countries(function, params):
        countries = {e["ShipCountry"].value for e in rows("Orders")}
        return Strings(function, params, sorted(c for c in countries if c))

    visits = {}
    lock = threading.Lock()

    def record_visit(function, params):
        cid = params["CustomerID"].value
        with lock:
            visits[cid] = visits.get(cid, 0) + 1
            return simple(edm.SimpleType.Int32, visits[cid], function.name)

    for name, fn in [("ProductsByCategory", products_by_category), ("OrdersShippedSince", orders_shipped_since),
                     ("ProductByName", product_by_name), ("CustomerCount", customer_count),
                     ("TotalFreight", total_freight), ("OrderCountAbove", order_count_above),
                     ("ShipCountries", ship_countries), ("RecordVisit", record_visit)]:
        container[name].bind(fn)


def build_app():
    with open(os.path.join(DATA, "northwind_v2_metadata.xml"), "rb") as f:
        xml = f.read().decode("utf-8-sig")
    xml = xml.replace("</EntityContainer>", FUNCTIONS + "      </EntityContainer>", 1)
    doc = edmx.Document()
    doc.read(io.BytesIO(xml.encode("utf-8")))
    container = doc.root.DataServices.defaultContainer
    InMemoryEntityContainer(container)
    base.load(container)
    bind_functions(container)
    app = Server(serviceRoot="http://127.0.0.1:%d/northwind/" % PORT)
    app.set_model(doc)
    app.topmax = base.TOPMAX
    return app


def literal_type(text):
    """The Edm type of a V2 URI literal as pyslet reads it, or None when it is no literal."""
    try:
        value = core.uri_literal_from_str(text)
    except Exception:
        return None
    return None if value.type_code is None else edm.SimpleType.to_str(value.type_code)


def error(start_response, status, code, message):
    body = json.dumps({"error": {"code": code, "message": {"lang": "en-US", "value": message}}}).encode("utf-8")
    start_response(status, [("Content-Type", "application/json"), ("Content-Length", str(len(body)))])
    return [body]


def checked(app):
    """Answers a wrong method with 405 and a literal of the wrong type with 400; hands a POST on as a GET."""
    def handle(environ, start_response):
        name = environ.get("PATH_INFO", "").strip("/")
        if name in SIGNATURES:
            method, params = SIGNATURES[name]
            if environ["REQUEST_METHOD"].upper() != method:
                return error(start_response, "405 Method Not Allowed", "MethodNotAllowed",
                             "%s is called with %s, not %s" % (name, method, environ["REQUEST_METHOD"]))
            for part in environ.get("QUERY_STRING", "").split("&"):
                key, _, text = (unquote(x) for x in part.partition("="))
                if key in params and text != "null" and literal_type(text) != params[key]:
                    return error(start_response, "400 Bad Request", "BadParameter",
                                 "%s: the literal %s is not an %s (read as %s)" % (key, text, params[key],
                                                                                  literal_type(text)))
            if method == "POST":
                environ["REQUEST_METHOD"] = "GET"
                environ["CONTENT_LENGTH"] = "0"
                environ["wsgi.input"] = io.BytesIO(b"")
        return app(environ, start_response)
    return handle


if __name__ == "__main__":
    app = checked(build_app())

    def root(environ, start_response):
        path = environ.get("PATH_INFO", "")
        if path == "/northwind" or path.startswith("/northwind/"):
            environ["SCRIPT_NAME"] = "/northwind"
            environ["PATH_INFO"] = path[len("/northwind"):] or "/"
            return app(environ, start_response)
        start_response("404 Not Found", [("Content-Type", "text/plain")])
        return [b"pyslet V2 function-import server: /northwind/\n"]

    httpd = make_server("127.0.0.1", PORT, root, server_class=base.Threading, handler_class=base.Quiet)
    print("pyslet V2 function-import server on http://127.0.0.1:%d/northwind/" % PORT, flush=True)
    httpd.serve_forever()
