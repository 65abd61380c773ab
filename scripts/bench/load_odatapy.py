"""Load an OData V4 $metadata file with odatapy and print what it found.

Usage: python load_odatapy.py FILE
Uses the path odatapy's own client takes for an XML $metadata response
(odatapy.client.client._parse_metadata: Edm.from_provider(XmlEdmProvider(content))). XmlEdmProvider parses the
whole document into CSDL objects up front; Edm wraps them lazily. Prints one line with the entity type, complex
type and entity set counts and the in-process time; exits 2 with a message on stderr when it cannot load the file.
"""
import sys
import time
from importlib.metadata import version

from odatapy.edm.model import Edm
from odatapy.edm.xml_io import XmlEdmProvider


def main(path: str) -> int:
    with open(path, "rb") as handle:
        xml = handle.read()
    start = time.perf_counter()
    try:
        edm = Edm.from_provider(XmlEdmProvider(xml))
        schemas = edm.schemas
        entity_types = sum(len(schema.entity_types) for schema in schemas)
        complex_types = sum(len(schema.complex_types) for schema in schemas)
        entity_sets = sum(len(schema.entity_container.entity_sets)
                          for schema in schemas if schema.entity_container is not None)
    except Exception as error:  # any failure means "cannot load": report it instead of timing it
        print(f"odatapy {version('odatapy')} cannot load {path}: {type(error).__name__}: {error}", file=sys.stderr)
        return 2
    elapsed = time.perf_counter() - start
    print(f"odatapy {version('odatapy')}: {entity_types} entity types, {complex_types} complex types, "
          f"{entity_sets} entity sets in {len(schemas)} schemas (parse {elapsed:.3f} s)")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: load_odatapy.py FILE")
    sys.exit(main(sys.argv[1]))
