"""Load an OData V2 $metadata file with pyodata the way its docs describe, and print what it found.

Usage: python load_pyodata.py FILE
Prints one line with the entity type and entity set counts (proof the work was done) and the in-process build
time; exits 2 with a message on stderr when pyodata cannot load the file.
"""
import logging
import sys
import time
from importlib.metadata import version

from pyodata.v2.model import Config, MetadataBuilder, ParserError, PolicyIgnore, LOGGER_NAME


def main(path: str) -> int:
    # Its per-annotation warnings ("Unsupported Annotation", thousands for SAP files) would only measure logging.
    logging.getLogger(LOGGER_NAME).setLevel(logging.ERROR)
    with open(path, "rb") as handle:
        xml = handle.read()
    # SAP Gateway documents trip the default (fatal) policy on their value-help annotations ("Cannot replace value
    # helper"); the documented recovery is a per-tag policy. Only annotations are ignored: structural errors still fail.
    config = Config(custom_error_policies={ParserError.ANNOTATION: PolicyIgnore()})
    start = time.perf_counter()
    try:
        schema = MetadataBuilder(xml, config=config).build()
    except Exception as error:  # any failure means "cannot load": report it instead of timing it
        print(f"pyodata {version('pyodata')} cannot load {path}: {type(error).__name__}: {error}", file=sys.stderr)
        return 2
    elapsed = time.perf_counter() - start
    print(f"pyodata {version('pyodata')}: {len(schema.entity_types)} entity types, "
          f"{len(schema.entity_sets)} entity sets, valid={schema.is_valid} (build {elapsed:.3f} s)")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: load_pyodata.py FILE")
    sys.exit(main(sys.argv[1]))
