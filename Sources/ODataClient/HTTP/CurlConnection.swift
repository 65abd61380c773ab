import CCurl
import Synchronization

/// One libcurl easy handle with the multi handle that drives it and the state of the exchange in flight on it.
/// `HTTPClient` keeps a pool of them; an exchange takes one for its whole duration, so one connection serves one
/// thread at a time.
// @unchecked: used by one exchange at a time (the pool hands it out and takes it back under the client's lock);
// `wake()` is the one call another thread makes, and curl_multi_wakeup is thread-safe.
final class CurlConnection: @unchecked Sendable {
    let handle: UnsafeMutableRawPointer
    /// Drives `handle`, so that cancellation is seen at once while waiting for the server (`wake()`), not after
    /// curl_easy_perform's progress callback, which runs about once a second while a server is silent.
    private let multi: UnsafeMutableRawPointer
    let transfer = CurlTransfer()
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    private let share: CurlShare
    private let closed = Atomic<Bool>(false)

    init?(share: CurlShare) {
        guard let h = odsh_curl_easy_init() else { return nil }
        guard let m = odsh_curl_multi_init() else {
            odsh_curl_easy_cleanup(h)
            return nil
        }
        handle = h
        multi = m
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

    /// Runs the transfer set up on the handle. The request's cancellation (`RequestCancellation`) ends it: looked
    /// at whenever curl returns from waiting, which `wake()` makes it do at once (the wait is bounded besides, so a
    /// token cancelled between the look and the wait is seen within a second).
    func perform() -> CURLcode {
        guard odsh_curl_multi_add_handle(multi, handle) == CURLM_OK else { return odsh_curl_easy_perform(handle) }
        defer { odsh_curl_multi_remove_handle(multi, handle) }
        let token = RequestCancellation.current
        token?.register(self)
        defer { token?.unregister(self) }
        transfer.token = token
        defer { transfer.token = nil }
        var running: Int32 = 1
        while running > 0 {
            guard odsh_curl_multi_perform(multi, &running) == CURLM_OK else { return CURLE_FAILED_INIT }
            if running == 0 { break }
            if RequestCancellation.isCancelled { return CURLE_ABORTED_BY_CALLBACK }
            guard odsh_curl_multi_poll(multi, nil, 0, 1000, nil) == CURLM_OK else { return CURLE_FAILED_INIT }
        }
        var left: Int32 = 0
        var result = CURLE_OK
        while let message = odsh_curl_multi_info_read(multi, &left) {
            if message.pointee.msg == CURLMSG_DONE && message.pointee.easy_handle == handle {
                result = message.pointee.data.result
            }
        }
        return result
    }

    /// Ends a wait in `perform` on another thread (cancellation).
    func wake() {
        guard !closed.load(ordering: .acquiring) else { return }
        _ = odsh_curl_multi_wakeup(multi)
    }

    /// Closes the connection. Once only.
    func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        odsh_curl_multi_cleanup(multi)
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
