#if canImport(Glibc)
import Glibc
#endif
import ODataShell

#if canImport(Glibc)
// Grow the heap 16 MiB at a time (address space only; pages are touched as used). The metadata reader builds the
// model on a second thread, whose malloc arena otherwise grows with an mprotect call per few pages: about 3,300
// system calls for the 3.4 MB Graph document, some 15% of its load time. <malloc.h> is not part of Swift's Glibc
// module, so mallopt is looked up; M_TOP_PAD is -2 in glibc.
if let symbol = dlsym(nil, "mallopt") {
    let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    _ = mallopt(-2, 16 << 20)
}
#endif

OdshCommand.main()
