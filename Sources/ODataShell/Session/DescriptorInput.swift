import Glibc

enum DescriptorInput {
    /// Everything up to the end of a file descriptor's input (or up to a read error), read with read(2): standard
    /// input, a child's output pipe.
    static func readToEnd(_ fd: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return bytes }
            bytes += buffer[..<n]
        }
    }
}
