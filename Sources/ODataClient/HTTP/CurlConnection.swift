import CCurl
import Synchronization

/// One libcurl easy handle and the state of the exchange in flight on it. `HTTPClient` keeps a pool of them; an
/// exchange takes one for its whole duration and hands it to the engine (`CurlEngine`), which drives it.
// @unchecked: used by one exchange at a time (the pool hands it out and takes it back under the client's lock); while
// the engine has it, only the engine's thread touches the handle, and the flow is the one shared part.
final class CurlConnection: @unchecked Sendable {
    let handle: UnsafeMutableRawPointer
    let transfer = CurlTransfer()
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    private let share: CurlShare
    private let closed = Atomic<Bool>(false)

    init?(share: CurlShare) {
        guard let h = odsh_curl_easy_init() else { return nil }
        handle = h
        self.share = share
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        close()
        errorBuffer.deallocate()
    }

    func useErrorBuffer() -> CURLcode {
        odsh_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer))
    }

    func useShare() -> CURLcode { odsh_curl_setopt_share(handle, share.pointer) }

    func clearError() { errorBuffer[0] = 0 }

    /// libcurl's own text for the last failure, empty when it gave none.
    var errorText: String { String(cString: errorBuffer) }

    /// Closes the connection. Once only.
    func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        odsh_curl_easy_cleanup(handle)
    }
}

/// The libcurl share handle of one `HTTPClient`: cookies, DNS cache, TLS sessions and the connection pool of its
/// easy handles, with the locks libcurl asks for (see CCurl.h).
// @unchecked: libcurl takes the share's own locks whenever a handle touches shared data.
final class CurlShare: @unchecked Sendable {
    let pointer: OpaquePointer

    init?() {
        guard let p = odsh_curl_share_new() else { return nil }
        pointer = p
    }

    // Every connection holds its share, so the easy handles are all cleaned up before this runs.
    deinit { odsh_curl_share_free(pointer) }
}
