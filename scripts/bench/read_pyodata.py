"""Read every entity of an OData V2 entity set with pyodata, page by page, the way its docs describe, and touch
every property of every entity (what a program that uses the rows does).

Usage: python read_pyodata.py SERVICE_URL ENTITY_SET
Prints one line: `rows N pages P count C` (proof the work was done; C is the service's inline count). Exits 2 with
a message on stderr when pyodata cannot read the set.

Paging: the first request asks for the inline count (`$inlinecount=allpages`, pyodata's `count(inline=True)`),
then `__next` is followed (pyodata's `next_url`) until the count is reached, there is no next link, or a page is
empty. pyslet needs the last two rules: it sends a next link with every page, also past the last row, and it
ignores the inline count because requests percent-encodes the `$` of `$inlinecount` (so pyodata reads one empty
page more than odsh, which gets the count). pyslet also writes `__next` as `{"uri": ...}` (the V1 deferred shape)
where pyodata expects a string, so the URI is taken out of the object.
"""
import logging
import sys
import time
from importlib.metadata import version

import pyodata
import requests
from pyodata.exceptions import ProgramError
from pyodata.v2.model import LOGGER_NAME, Config, ParserError, PolicyIgnore


def main(url: str, set_name: str) -> int:
    logging.getLogger(LOGGER_NAME).setLevel(logging.ERROR)
    # SAP Gateway metadata trips the default (fatal) policy on value-help annotations; only annotations are ignored.
    config = Config(custom_error_policies={ParserError.ANNOTATION: PolicyIgnore()})
    session = requests.Session()
    start = time.perf_counter()
    try:
        client = pyodata.Client(url, session, config=config)
        entity_set = getattr(client.entity_sets, set_name)
        names = [p.name for p in client.schema.entity_set(set_name).entity_type.proprties()]
        rows = pages = 0
        page = entity_set.get_entities().count(inline=True).execute()
        try:
            count = page.total_count
        except ProgramError:  # pyslet ignores `%24inlinecount`, the way requests sends `$inlinecount`
            count = None
        while True:
            pages += 1
            for entity in page:
                for name in names:
                    getattr(entity, name)
                rows += 1
            next_url = page.next_url
            if isinstance(next_url, dict):
                next_url = next_url.get("uri")
            if not next_url or not page or (count is not None and rows >= count):
                break
            page = entity_set.get_entities().next_url(next_url).execute()
    except Exception as error:  # any failure means "cannot read": report it instead of timing it
        print(f"pyodata {version('pyodata')} cannot read {set_name} at {url}: {type(error).__name__}: {error}",
              file=sys.stderr)
        return 2
    elapsed = time.perf_counter() - start
    print(f"rows {rows} pages {pages} count {count} (pyodata {version('pyodata')}, {elapsed:.3f} s in process)")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: read_pyodata.py SERVICE_URL ENTITY_SET")
    sys.exit(main(sys.argv[1], sys.argv[2]))
