#if canImport(Glibc)
import Glibc
#endif

/// Writing to standard output, a terminal or a pipe, in whatever mode another program left it.
public enum DescriptorOutput {
    /// Writes all of `bytes`, in as few writes as the descriptor takes. A descriptor left non-blocking (ssh and
    /// other programs sharing a terminal leave it so) is waited on until it takes more; a signal ends the write
    /// only when `stopping` says so. Nil when everything was written, else the errno that ended it.
    public static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, stopping: () -> Bool = { false }) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written >= 0 {
                offset += written
                continue
            }
            let problem = errno
            switch problem {
            case EINTR:
                if stopping() { return EINTR }
            case EAGAIN, EWOULDBLOCK:
                var writable = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                if poll(&writable, 1, -1) < 0, errno == EINTR, stopping() { return EINTR }
            default:
                return problem
            }
        }
        return nil
    }
}
