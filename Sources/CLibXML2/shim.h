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
#include <stddef.h>
#include <malloc.h>
// glibc's M_TOP_PAD (malloc.h, which Swift's Glibc module does not show): what the heap grows by beyond a request.
static inline int odsh_set_malloc_top_pad(int bytes) { return mallopt(M_TOP_PAD, bytes); }
// glibc's memmem (a GNU extension, which Swift's Glibc module does not show), for searching documents' bytes.
void *memmem(const void *haystack, size_t haystacklen, const void *needle, size_t needlelen);
static inline const void *odsh_memmem(const void *haystack, size_t haystacklen, const void *needle, size_t needlelen) {
    return memmem(haystack, haystacklen, needle, needlelen);
}
#endif
