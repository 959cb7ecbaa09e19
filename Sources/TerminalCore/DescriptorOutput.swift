#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Writing to standard output, a terminal or a pipe, in whatever mode another program left it.
public enum DescriptorOutput {
    /// How long a wait for a full descriptor lasts before `stopping` is asked again.
    static let waitMilliseconds: Int32 = 250

    /// Writes all of `bytes`, in as few writes as the descriptor takes. A descriptor left non-blocking (ssh and
    /// other programs sharing a terminal leave it so) is waited on until it takes more. Once `stopping` says so,
    /// the write ends at the first wait instead: a signal, a full descriptor or a part written. Nil when
    /// everything was written, else the errno that ended it (EINTR for a stop).
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, stopping: () -> Bool = { false }) -> Int32? {
        guard let start = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, start + offset, bytes.count - offset)
            if written > 0 {
                offset += written
                if offset < bytes.count, stopping() { return EINTR }
                continue
            }
            let problem = written < 0 ? errno : EAGAIN
            switch problem {
            case EINTR:
                if stopping() { return EINTR }
            case EAGAIN, EWOULDBLOCK:
                var writable = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                while poll(&writable, 1, waitMilliseconds) <= 0 {
                    if stopping() { return EINTR }
                }
            default:
                return problem
            }
        }
        return nil
    }
}
