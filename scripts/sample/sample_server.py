"""odsh's sample OData V4 service: scripts/sample/northwind-mini.xml filled with the Northwind rows of
scripts/sample/data/ (their source and licence: scripts/sample/data/SOURCE.md), served by odatapy from PyPI
(the version pinned in scripts/sample/requirements.txt).

Usage: python sample_server.py PORT   (0: a free port, printed)
Serves http://127.0.0.1:PORT/northwind/ (loopback only), 20 rows per page (@odata.nextLink), until killed.
"""
import csv
import datetime as dt
import os
import sys
from decimal import Decimal
from socketserver import ThreadingMixIn
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from odatapy.data import Entity, ValueType
from odatapy.edm.xml_io import XmlEdmProvider
from odatapy.server import OData
from odatapy.server.adapters import ODataWSGIApp
from odatapy.server.inmemory import InMemoryDataStore, InMemoryProcessor

HERE = os.path.dirname(os.path.abspath(__file__))
NS = "NorthwindMini.Model"
PAGE = 20


def read_rows(name):
    with open(os.path.join(HERE, "data", name + ".csv"), encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def timestamp(raw):
    return dt.datetime.strptime(raw, "%Y-%m-%d %H:%M:%S.%f").replace(tzinfo=dt.timezone.utc)


CONVERT = {
    "Edm.String": str,
    "Edm.Int32": int,
    "Edm.Int16": int,
    "Edm.Decimal": Decimal,
    "Edm.Single": float,
    "Edm.Boolean": lambda raw: raw not in ("0", "false", "False"),
    "Edm.DateTimeOffset": timestamp,
    "Edm.Date": lambda raw: timestamp(raw).date(),
}

# entity set: (entity type, CSV file, {property: (CSV column, EDM type)}); the properties of northwind-mini.xml.
SETS = {
    "Customers": ("Customer", "customers", {
        "CustomerID": ("customerID", "Edm.String"), "CompanyName": ("companyName", "Edm.String"),
        "ContactName": ("contactName", "Edm.String"), "City": ("city", "Edm.String"),
        "Country": ("country", "Edm.String"), "Phone": ("phone", "Edm.String")}),
    "Orders": ("Order", "orders", {
        "OrderID": ("orderID", "Edm.Int32"), "CustomerID": ("customerID", "Edm.String"),
        "OrderDate": ("orderDate", "Edm.DateTimeOffset"), "RequiredDate": ("requiredDate", "Edm.Date"),
        "ShippedDate": ("shippedDate", "Edm.DateTimeOffset"), "Freight": ("freight", "Edm.Decimal"),
        "ShipCity": ("shipCity", "Edm.String"), "ShipCountry": ("shipCountry", "Edm.String")}),
    "Order_Details": ("Order_Detail", "order_details", {
        "OrderID": ("orderID", "Edm.Int32"), "ProductID": ("productID", "Edm.Int32"),
        "UnitPrice": ("unitPrice", "Edm.Decimal"), "Quantity": ("quantity", "Edm.Int16"),
        "Discount": ("discount", "Edm.Single")}),
    "Products": ("Product", "products", {
        "ProductID": ("productID", "Edm.Int32"), "ProductName": ("productName", "Edm.String"),
        "QuantityPerUnit": ("quantityPerUnit", "Edm.String"), "UnitPrice": ("unitPrice", "Edm.Decimal"),
        "UnitsInStock": ("unitsInStock", "Edm.Int16"), "Discontinued": ("discontinued", "Edm.Boolean")}),
}
KEYS = {"Customers": ("CustomerID",), "Orders": ("OrderID",), "Order_Details": ("OrderID", "ProductID"),
        "Products": ("ProductID",)}
# (dependent set, foreign key, to-one navigation, principal set, to-many navigation back)
RELATIONS = [
    ("Orders", "CustomerID", "Customer", "Customers", "Orders"),
    ("Order_Details", "OrderID", "Order", "Orders", "Order_Details"),
    ("Order_Details", "ProductID", "Product", "Products", "Order_Details"),
]


def entity(type_name, columns, row):
    e = Entity(type=f"{NS}.{type_name}")
    for prop, (column, edm) in columns.items():
        raw = row.get(column)
        value = None if raw in (None, "", "NULL") else CONVERT[edm](raw)
        e.set_property(prop, value, ValueType.PRIMITIVE, edm)
    return e


def key_of(set_name, e):
    # the form odatapy's InMemoryProcessor keys relations by: "|".join(repr(key values))
    return "|".join(repr(e.get_value(name)) for name in KEYS[set_name])


def build_app():
    provider = XmlEdmProvider.from_file(os.path.join(HERE, "northwind-mini.xml"))
    odata = OData.new_instance()
    handler = odata.create_handler(odata.create_service_metadata(provider, service_version="4.0"))
    store = InMemoryDataStore()
    data = {}
    for set_name, (type_name, file, columns) in SETS.items():
        data[set_name] = [entity(type_name, columns, row) for row in read_rows(file)]
        store.set_entities(set_name, data[set_name])
    for dependent, fk, nav, principal, back in RELATIONS:
        (pk,) = KEYS[principal]
        index = {p.get_value(pk): p for p in data[principal]}
        children = {}
        for d in data[dependent]:
            p = index.get(d.get_value(fk))
            if p is not None:
                store.set_relation(dependent, key_of(dependent, d), nav, [p])
                children.setdefault(key_of(principal, p), []).append(d)
        for key, members in children.items():
            store.set_relation(principal, key, back, members)
    store.declare_key_auto_generating("Orders")
    handler.register(InMemoryProcessor(store, page_size=PAGE, max_expand_depth=4))
    return ODataWSGIApp(handler, mount_path="/northwind")


class Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class QuietHandler(WSGIRequestHandler):
    def log_message(self, *args):
        pass


if __name__ == "__main__":
    port = int(sys.argv[1])
    northwind = build_app()

    def app(environ, start_response):
        path = environ.get("PATH_INFO", "")
        if path == "/northwind" or path.startswith("/northwind/"):
            return northwind(environ, start_response)
        body = b"odsh sample service: /northwind/\n"
        start_response("404 Not Found", [("Content-Type", "text/plain"), ("Content-Length", str(len(body)))])
        return [body]

    httpd = make_server("127.0.0.1", port, app, server_class=Server, handler_class=QuietHandler)
    print(f"odsh sample service on http://127.0.0.1:{httpd.server_address[1]}/northwind/", flush=True)
    httpd.serve_forever()
