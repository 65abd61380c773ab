#!/usr/bin/env python3
"""Writes a synthetic OData V4 JSON payload: Northwind-like orders with expanded order details.

    gen-v4-payload.py OUT.json [ROWS]        (default 100000 rows, about 50 MB)

Deterministic (fixed seed), so runs are comparable. Strings mix ASCII, accented and CJK text and a few
escapes, numbers mix integers and decimals, as real payloads do.
"""
import json
import random
import sys

def main():
    out = sys.argv[1]
    rows = int(sys.argv[2]) if len(sys.argv) > 2 else 100000
    rnd = random.Random(20240611)
    customers = ["ALFKI", "ANATR", "ANTON", "AROUT", "BERGS", "BLAUS", "BLONP", "BOLID", "BONAP", "BOTTM"]
    names = ["Alfreds Futterkiste", "Ana Trujillo Emparedados y helados", "Antonio Moreno Taquería",
             "Around the Horn", "Berglunds snabbköp", "Blauer See Delikatessen", "Blondesddsl père et fils",
             "Bólido Comidas preparadas", "Bon app'", "Bottom-Dollar Markets \"BDM\"", "東京トレーダーズ"]
    cities = ["Berlin", "México D.F.", "London", "Luleå", "Mannheim", "Strasbourg", "Madrid", "Marseille",
              "Tsawassen", "Tōkyō"]
    countries = ["Germany", "Mexico", "UK", "Sweden", "France", "Spain", "Canada", "Japan"]
    with open(out, "w", encoding="utf-8") as f:
        f.write('{"@odata.context":"http://localhost/northwind/$metadata#Orders(Order_Details())",'
                '"@odata.count":%d,"value":[' % rows)
        for i in range(rows):
            if i:
                f.write(",")
            day = 1 + i % 28
            details = []
            for line in range(rnd.randint(1, 2)):
                details.append({
                    "OrderID": 10248 + i,
                    "ProductID": rnd.randint(1, 77),
                    "UnitPrice": round(rnd.uniform(2, 300), 4),
                    "Quantity": rnd.randint(1, 120),
                    "Discount": rnd.choice([0, 0.05, 0.1, 0.15, 0.2, 0.25]),
                })
            order = {
                "@odata.etag": 'W/"%d"' % rnd.randint(1, 10**9),
                "OrderID": 10248 + i,
                "CustomerID": rnd.choice(customers),
                "EmployeeID": rnd.randint(1, 9),
                "OrderDate": "1996-07-%02dT00:00:00Z" % day,
                "RequiredDate": "1996-08-%02dT00:00:00Z" % day,
                "ShippedDate": None if i % 17 == 0 else "1996-07-%02dT00:00:00Z" % (1 + (day + 5) % 28),
                "ShipVia": rnd.randint(1, 3),
                "Freight": round(rnd.uniform(0, 1000), 2),
                "ShipName": rnd.choice(names),
                "ShipAddress": "%d %s" % (rnd.randint(1, 999), rnd.choice(["Obere Str.", "Avda. de la Constitución", "Mataderos  2312", "120 Hanover Sq.", "Berguvsvägen  8"])),
                "ShipCity": rnd.choice(cities),
                "ShipRegion": None if i % 3 else "RJ",
                "ShipPostalCode": "%05d" % rnd.randint(0, 99999),
                "ShipCountry": rnd.choice(countries),
                "Order_Details": details,
            }
            if i % 50 == 0:
                order["Notes"] = "line one\nline two\t(tab) \u00e9t\u00e9"
            f.write(json.dumps(order, ensure_ascii=(i % 7 == 0), separators=(",", ":")))
        f.write("]}")

if __name__ == "__main__":
    main()
