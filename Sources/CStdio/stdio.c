// The functions are inline in CStdio.h; SwiftPM needs a source file for a C target.
#include "CStdio.h"
