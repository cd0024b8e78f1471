#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Turns SIGINT and SIGTERM into a call of `stop`, so the daemon can finish its write in flight
/// and exit 0 instead of dying mid-way.
///
/// A signal must never be lost, however early it comes: `init` installs a handler with
/// `sigaction`, which takes effect before `init` returns, and the handler only writes a byte to a
/// pipe (`write(2)` is async-signal-safe). A dispatch read source on the pipe calls `stop`. The
/// source is armed asynchronously, but a byte written before it is armed waits in the pipe, so
/// the daemon sees it. (Dispatch signal sources alone would need the signals ignored first, and
/// a signal between ignoring and arming would be lost.) ``cancel()`` restores the default
/// dispositions and removes the source.
final class SyncSignalHandler {
    private static let signals: [Int32] = [SIGINT, SIGTERM]
    private let source: any DispatchSourceRead

    init(stop: @escaping @Sendable () -> Void) {
        let pipe = stopSignalPipe
        drain(pipe.read)  // a byte left by an earlier handler of this process is not ours
        for number in Self.signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = noteStopSignal
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
        source = DispatchSource.makeReadSource(fileDescriptor: pipe.read,
                                               queue: DispatchQueue(label: "photofeed.sync.signals"))
        source.setEventHandler {
            drain(pipe.read)
            stop()
        }
        source.resume()
    }

    func cancel() {
        for number in Self.signals { signal(number, SIG_DFL) }
        source.cancel()
    }
}

/// The pipe the handler writes to, made before any handler is installed (non-blocking: a full
/// pipe already holds a pending stop, and the handler must never block).
private let stopSignalPipe: (read: Int32, write: Int32) = {
    var descriptors: [Int32] = [-1, -1]
    precondition(pipe(&descriptors) == 0, "pipe failed (errno \(errno)): cannot watch for SIGINT and SIGTERM")
    for descriptor in descriptors {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }
    return (descriptors[0], descriptors[1])
}()

/// The signal handler: one byte into the pipe, `errno` preserved.
private func noteStopSignal(_: Int32) {
    let saved = errno
    var byte: UInt8 = 1
    _ = write(stopSignalPipe.write, &byte, 1)
    errno = saved
}

/// Reads whatever the pipe holds (it is non-blocking).
private func drain(_ descriptor: Int32) {
    var buffer = [UInt8](repeating: 0, count: 64)
    while read(descriptor, &buffer, buffer.count) > 0 {}
}
