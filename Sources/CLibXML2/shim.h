#ifndef ODSH_CLIBXML2_SHIM_H
#define ODSH_CLIBXML2_SHIM_H
#include <stdint.h>
#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU; its encoding.h pulls the system <unicode/ucnv.h>, whose types clash
// with the ICU that Foundation bundles. libxml2 only needs two opaque names from it.
#ifdef LIBXML_ICU_ENABLED
#define UCNV_H
struct UConverter;
typedef struct UConverter UConverter;
typedef uint16_t UChar;
#endif
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/tree.h>

// xmlFree is a global function pointer, which Swift 6 sees as shared mutable state: called through a function.
static inline void odsh_xml_free(void *p) { xmlFree(p); }
#endif
