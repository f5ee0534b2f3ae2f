import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Standard error for the program's messages. A closed or broken stream (`2>&-`, a pipe whose
/// reader has gone) is left alone: there is nobody to tell, and the command ends with its own
/// code. (`FileHandle.standardError.write` traps there.)
public enum StandardError {
    /// Opens /dev/null in the place of standard input, output or error when it was closed
    /// (`2>&-`), before anything else opens a file: otherwise the next file or socket opened
    /// would take its number, and a message meant for standard error would be written into it.
    public static func keepStandardStreamsOpen() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            // The lowest free number: this one, as the ones before it are open.
            _ = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
        }
    }

    public static func write(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(2, base + offset, buffer.count - offset)
                if n > 0 {
                    offset += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }

    /// A text the user gave, as a message quotes it: at most `limit` characters.
    public static func quoted(_ text: String, limit: Int = 60) -> String {
        text.count <= limit ? text : String(text.prefix(limit)) + "… (\(text.count) characters)"
    }
}
